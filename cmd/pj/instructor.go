package main

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
)

func (a *app) casesCommand() *cobra.Command {
	cases := &cobra.Command{
		Use:   "cases",
		Short: "Manage a problem's cases (instructors)",
		Args:  exactArgs(),
		RunE:  func(cmd *cobra.Command, args []string) error { return usageErrorf("pj cases needs a subcommand: add") },
	}
	var (
		name   string
		sample bool
	)
	add := &cobra.Command{
		Use:   "add SLUG FILE",
		Short: "Add a board to a problem; the reference solver solves it in the background",
		Long: `Add one board, in the classic format of the problem's puzzle, as a new case (a
closing 0 line is optional). FILE may be "-" for standard input. The case is
named after the file unless --name says otherwise. A board that does not parse
is refused with its line and column (exit 2).`,
		Example: "  pj cases add floodit checkerboard.in --sample",
		Args:    exactArgs("SLUG", "FILE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			input, err := a.readArg(args[1])
			if err != nil {
				return err
			}
			caseName := name
			if caseName == "" && args[1] != "-" {
				caseName = strings.TrimSuffix(filepath.Base(args[1]), filepath.Ext(args[1]))
			}
			c, err := a.client()
			if err != nil {
				return err
			}
			var cs created
			resp, err := c.sendJSON(a.ctx, http.MethodPost, problemPath(args[0])+"/cases",
				map[string]any{"input": string(input), "name": caseName, "sample": sample}, &cs, nil)
			if err != nil {
				return inFile(err, args[1])
			}
			if a.jsonOut {
				return a.printBody(resp.Body)
			}
			fmt.Fprintf(a.stdout, "case %d %s added to %s (%s)\n", cs.ID, cs.Name, args[0], cs.Status)
			return nil
		},
	}
	add.Flags().StringVar(&name, "name", "", "the case's name (default: the file's name without extension)")
	add.Flags().BoolVar(&sample, "sample", false, "show the case and its answer to students as a sample")
	cases.AddCommand(add)
	return cases
}

func (a *app) gradesCommand() *cobra.Command {
	return a.csvCommand("grades ASSIGNMENT -o FILE", "Download an assignment's grades as CSV (instructors)",
		"  pj grades 3 -o grades.csv", "ASSIGNMENT", func(id string) string { return "/assignments/" + url.PathEscape(id) + "/grades.csv" })
}

// csvCommand is a command that downloads the CSV at the path its one
// argument (named arg) gives, to standard output or to the file of -o.
func (a *app) csvCommand(use, short, example, arg string, path func(arg string) string) *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:     use,
		Short:   short,
		Example: example,
		Args:    exactArgs(arg),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := a.client()
			if err != nil {
				return err
			}
			resp, err := c.do(a.ctx, http.MethodGet, path(args[0]), nil, "", nil)
			if err != nil {
				return err
			}
			return a.writeOutput(out, resp.Body)
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "write the CSV to FILE instead of standard output")
	return cmd
}

// writeOutput writes body to the file out (saying so on stderr), or to
// standard output when out is "" or "-".
func (a *app) writeOutput(out string, body []byte) error {
	if out == "" || out == "-" {
		_, err := a.stdout.Write(body)
		return err
	}
	if err := os.WriteFile(out, body, 0o644); err != nil {
		return &inputError{err}
	}
	fmt.Fprintf(a.stderr, "wrote %s (%d bytes)\n", out, len(body))
	return nil
}
