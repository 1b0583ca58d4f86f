package main

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"puzzlejudge/web/wire"
)

// similarityReportJSON is the API's similarity report with its pairs
// (wire.SimilarityReportPairs).
type similarityReportJSON = wire.SimilarityReportPairs

// similarityPairJSON is a pair of a similarity report.
type similarityPairJSON = wire.SimilarityPair

func (a *app) similarityCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "similarity",
		Short: "Compare students' programs with Dolos (instructors): ask a report, show it, download its CSV",
		Long: `pj similarity asks the server for a similarity report on a problem, an
assignment or a contest: Dolos compares each student's last program in each
language (--all: every program), problem by problem and language by language,
and ranks every pair by how much code the two share. A report runs in the
background; --wait waits for it and prints it. A high similarity is a reason
to read two programs side by side (the report's page), not a proof.`,
		Example: "  pj similarity problem flood --wait\n  pj similarity assignment 3\n  pj similarity show 12 --limit 20\n  pj similarity csv 12 -o pairs.csv",
		Args:    exactArgs(),
		RunE: func(cmd *cobra.Command, args []string) error {
			return usageErrorf("pj similarity needs a subcommand: problem, assignment, contest, show or csv")
		},
	}
	for _, scope := range []struct{ name, arg, path string }{
		{"problem", "SLUG", "/problems/"}, {"assignment", "ID", "/assignments/"}, {"contest", "ID", "/contests/"},
	} {
		cmd.AddCommand(a.similarityAskCommand(scope.name, scope.arg, scope.path))
	}
	cmd.AddCommand(a.similarityShowCommand(), a.similarityCSVCommand())
	return cmd
}

// similarityAskCommand is pj similarity problem|assignment|contest.
func (a *app) similarityAskCommand(scope, arg, prefix string) *cobra.Command {
	var all, wait bool
	var limit int
	cmd := &cobra.Command{
		Use:   scope + " " + arg,
		Short: "Ask a similarity report on a " + scope,
		Args:  exactArgs(arg),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := a.client()
			if err != nil {
				return err
			}
			var queued struct {
				ID     int64  `json:"id"`
				Status string `json:"status"`
			}
			resp, err := c.sendJSON(a.ctx, http.MethodPost, prefix+url.PathEscape(args[0])+"/similarity", map[string]any{"all_submissions": all}, &queued, nil)
			if err != nil {
				return err
			}
			if !wait {
				if a.jsonOut {
					return a.printBody(resp.Body)
				}
				fmt.Fprintf(a.stdout, "report %d %s: pj similarity show %d\n", queued.ID, queued.Status, queued.ID)
				return nil
			}
			return a.showSimilarity(c, queued.ID, limit, true)
		},
	}
	cmd.Flags().BoolVar(&all, "all", false, "compare every program, not only each student's last per language")
	cmd.Flags().BoolVar(&wait, "wait", false, "wait for the report and print it")
	cmd.Flags().IntVar(&limit, "limit", 20, "with --wait: print at most this many pairs (0: all)")
	return cmd
}

func (a *app) similarityShowCommand() *cobra.Command {
	var limit int
	var wait bool
	cmd := &cobra.Command{
		Use:   "show REPORT",
		Short: "Print a similarity report: its status, then its pairs, most similar first",
		Args:  exactArgs("REPORT"),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, c, err := a.idAndClient(args[0], "REPORT must be a report's id, found %q")
			if err != nil {
				return err
			}
			return a.showSimilarity(c, id, limit, wait)
		},
	}
	cmd.Flags().IntVar(&limit, "limit", 20, "print at most this many pairs (0: all)")
	cmd.Flags().BoolVar(&wait, "wait", false, "wait until the report is done or failed")
	return cmd
}

// showSimilarity prints report id, waiting for its end first when wait; a
// failed report is an error (exit 1).
func (a *app) showSimilarity(c *client, id int64, limit int, wait bool) error {
	path := fmt.Sprintf("/similarity/%d", id)
	if limit > 0 {
		path += "?limit=" + strconv.Itoa(limit)
	}
	var r similarityReportJSON
	var resp *response
	for {
		var err error
		if resp, err = c.getJSON(a.ctx, path, &r); err != nil {
			return err
		}
		if !wait || r.Status == "done" || r.Status == "failed" {
			break
		}
		select {
		case <-a.ctx.Done():
			return a.ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	if a.jsonOut {
		if err := a.printBody(resp.Body); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(a.stdout, "report %d on %s %s: %s", r.ID, r.Scope, r.Title, r.Status)
		switch {
		case r.Status == "done":
			fmt.Fprintf(a.stdout, ", %d programs, %d pairs", r.Programs, r.PairCount)
		case r.Progress != "":
			fmt.Fprintf(a.stdout, " (%s)", r.Progress)
		}
		fmt.Fprintln(a.stdout)
		if r.Reason != "" {
			fmt.Fprintln(a.stdout, r.Reason)
		}
		if len(r.Pairs) > 0 {
			err := printTable(a, "RANK\tSIMILARITY\tLEFT\tRIGHT\tPROBLEM\tLANGUAGE\tLONGEST\tFRAGMENTS", r.Pairs, func(p similarityPairJSON) string {
				return fmt.Sprintf("%d\t%.3f\t%s (%d)\t%s (%d)\t%s\t%s\t%d\t%d", p.Rank, p.Similarity, p.Left.User, p.Left.Submission,
					p.Right.User, p.Right.Submission, p.Problem, p.Left.Language, p.LongestFragment, len(p.Fragments))
			})
			if err != nil {
				return err
			}
			if n := r.PairCount - len(r.Pairs); n > 0 {
				fmt.Fprintf(a.stdout, "%d more pairs: --limit 0, or pj similarity csv %d\n", n, r.ID)
			}
		}
	}
	if r.Status == "failed" {
		return &rejectedError{verdict: "failed"}
	}
	return nil
}

func (a *app) similarityCSVCommand() *cobra.Command {
	return a.csvCommand("csv REPORT [-o FILE]", "Download every pair of a similarity report as CSV",
		"  pj similarity csv 12 -o pairs.csv", "REPORT", func(id string) string { return "/similarity/" + url.PathEscape(id) + "/pairs.csv" })
}
