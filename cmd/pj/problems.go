package main

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"

	"github.com/spf13/cobra"
)

func (a *app) problemsCommand() *cobra.Command {
	return command("problems", "List the problems: slug, puzzle, number of cases, title", exactArgs(), func(args []string) error {
		return show(a, http.MethodGet, "/problems", nil, func(ps []problemSummary) error {
			return printTable(a, "SLUG\tPUZZLE\tCASES\tTITLE", ps, func(p problemSummary) string {
				return fmt.Sprintf("%s\t%s\t%d\t%s", p.Slug, p.Puzzle, p.Cases, p.Title)
			})
		})
	})
}

// problemPath is the API path of a problem; slugs are escaped so that a
// typo cannot reach another route.
func problemPath(slug string) string {
	return "/problems/" + url.PathEscape(slug)
}

func (a *app) showCommand() *cobra.Command {
	return command("show SLUG", "Show a problem: statement, limits, samples and case ids", exactArgs("SLUG"), func(args []string) error {
		return show(a, http.MethodGet, problemPath(args[0]), nil, func(p problem) error {
			w := a.stdout
			fmt.Fprintf(w, "%s: %s (%s, checker %s)\n", p.Slug, p.Title, p.Puzzle, p.Checker)
			var limits []string
			for _, l := range []struct {
				name string
				v    int
			}{{"size", p.Limits.MaxSize}, {"colors", p.Limits.MaxColors}, {"moves", p.Limits.MaxMoves}} {
				if l.v > 0 {
					limits = append(limits, fmt.Sprintf("max %s %d", l.name, l.v))
				}
			}
			if len(limits) > 0 {
				fmt.Fprintf(w, "limits: %s\n", strings.Join(limits, ", "))
			}
			fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(p.Statement))
			for _, s := range p.Samples {
				fmt.Fprintf(w, "\nsample %s (case %d) input:\n%s", s.Name, s.ID, ensureNewline(s.Input))
				if s.Output != "" {
					fmt.Fprintf(w, "output:\n%s", ensureNewline(s.Output))
				}
			}
			fmt.Fprintln(w)
			return printTable(a, "CASE\tNAME\tSAMPLE\tSTATUS", p.Cases, func(cs problemCase) string {
				sample := ""
				if cs.Sample {
					sample = "yes"
				}
				return fmt.Sprintf("%d\t%s\t%s\t%s", cs.ID, cs.Name, sample, cs.Status)
			})
		})
	})
}

func ensureNewline(s string) string {
	if s == "" || strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}

func (a *app) inputCommand() *cobra.Command {
	var (
		out   string
		asZip bool
	)
	cmd := &cobra.Command{
		Use:   "input SLUG [-o FILE] [--zip]",
		Short: "Download a problem's input: every case as one classic judge input, or a zip of one file per case",
		Long: `Download a problem's input. Without --zip it is every case as one classic judge
input, in case order (what an answer submission answers); with --zip it is
input.zip, one classic single-case file per case (NN-name.in). The input
version the server names is printed on standard error.`,
		Example: "  pj input floodit -o floodit.in\n  pj input floodit --zip -o floodit.zip",
		Args:    exactArgs("SLUG"),
		RunE: func(cmd *cobra.Command, args []string) error {
			slug := args[0]
			if asZip && out == "" && isTerminal(a.stdout) {
				return usageErrorf("a zip file on a terminal is unreadable: use -o %s.zip", slug)
			}
			c, err := a.client()
			if err != nil {
				return err
			}
			path := problemPath(slug) + "/input"
			if asZip {
				path += ".zip"
			}
			resp, err := c.do(a.ctx, http.MethodGet, path, nil, "", nil)
			if err != nil {
				return err
			}
			if v := resp.Header.Get("X-Input-Version"); v != "" {
				fmt.Fprintf(a.stderr, "input version %s (pj submit --input-version %s)\n", v, v)
			}
			if out == "" || out == "-" {
				_, err := a.stdout.Write(resp.Body)
				return err
			}
			if err := os.WriteFile(out, resp.Body, 0o644); err != nil {
				return &inputError{err}
			}
			if !a.jsonOut {
				fmt.Fprintf(a.stderr, "wrote %s (%d bytes)\n", out, len(resp.Body))
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "write to FILE instead of standard output")
	cmd.Flags().BoolVar(&asZip, "zip", false, "download input.zip: one file per case")
	return cmd
}
