package main

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
)

func (a *app) statusCommand() *cobra.Command {
	var wait bool
	cmd := &cobra.Command{
		Use:   "status ID [--wait]",
		Short: "Show a submission's verdict and its case results",
		Long: `Show a submission. Once it is judged the exit status tells the verdict (0
accepted, 1 not); while it is pending it is 0, unless --wait waits for the verdict.`,
		Args: exactArgs("ID"),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, c, err := a.idAndClient(args[0], "submission id must be a positive integer, found %q")
			if err != nil {
				return err
			}
			if wait {
				return a.waitAndShow(c, id)
			}
			var sub submission
			resp, err := c.getJSON(a.ctx, "/submissions/"+strconv.FormatInt(id, 10), &sub)
			if err != nil {
				return err
			}
			return a.showSubmission(sub, resp.Body)
		},
	}
	cmd.Flags().BoolVar(&wait, "wait", false, "wait for the verdict; the exit status tells it")
	return cmd
}

// waitAndShow polls a submission until it is judged, with a spinner and the
// elapsed time on a terminal, then shows it.
func (a *app) waitAndShow(c *client, id int64) error {
	spin := newSpinner(a.stderr, fmt.Sprintf("judging submission %d", id))
	defer spin.stop()
	path := "/submissions/" + strconv.FormatInt(id, 10)
	said := ""
	for n := 0; ; n++ {
		var sub submission
		resp, err := c.getJSON(a.ctx, path, &sub)
		if err != nil {
			return err
		}
		if sub.Status == statusDone {
			spin.stop()
			return a.showSubmission(sub, resp.Body)
		}
		label := fmt.Sprintf("submission %d %s", id, sub.Status)
		if sub.Waiting != "" {
			// Not judged before its boards' reference answers exist: its
			// first verdict will be its verdict. Said once to a script.
			label += ", waiting for " + sub.Waiting
			if sub.Waiting != said && !isTerminal(a.stderr) {
				fmt.Fprintf(a.stderr, "submission %d waits for %s\n", id, sub.Waiting)
			}
			said = sub.Waiting
		}
		spin.set(label)
		select {
		case <-a.ctx.Done():
			return a.ctx.Err()
		case <-time.After(pollDelay(n)):
		}
	}
}

// showSubmission prints a submission (its JSON with --json) and returns
// the outcome of its verdict once it is done.
func (a *app) showSubmission(sub submission, body []byte) error {
	if a.jsonOut {
		if err := a.printBody(body); err != nil {
			return err
		}
	} else {
		line := fmt.Sprintf("submission %d  %s  %s  %s", sub.ID, sub.Problem, sub.Kind, sub.Status)
		if sub.Status == statusDone {
			line += fmt.Sprintf("  %s  score %s", sub.Verdict, formatScore(sub.Score))
		} else if sub.Waiting != "" {
			line += "  waiting for " + sub.Waiting
		}
		fmt.Fprintln(a.stdout, line)
		if p := sub.ProgramText; p != nil && p.CompileOutput != "" && sub.Verdict == "compile_error" {
			fmt.Fprintln(a.stdout, strings.TrimRight(p.CompileOutput, "\n"))
		}
		if len(sub.Cases) > 0 {
			tw := a.table()
			for _, r := range sub.Cases {
				if sub.Kind == "program" && r.CPUMs != nil && r.MemoryKiB != nil {
					fmt.Fprintf(tw, "  %s\t%s\t%d ms\t%d KiB\t%s\n", r.Name, r.Verdict, *r.CPUMs, *r.MemoryKiB, oneLine(r.Message))
					continue
				}
				fmt.Fprintf(tw, "  %s\t%s\t%s\n", r.Name, r.Verdict, oneLine(r.Message))
			}
			if err := tw.Flush(); err != nil {
				return err
			}
		}
	}
	if sub.Status != statusDone {
		return nil
	}
	return verdictError(string(sub.Verdict))
}

func (a *app) submissionsCommand() *cobra.Command {
	var (
		problemSlug, verdict, username string
		limit, page                    int
	)
	cmd := command("submissions", "List your submissions (an instructor's: everyone's), newest first", exactArgs(), func(args []string) error {
		q := url.Values{}
		for k, v := range map[string]string{"problem": problemSlug, "verdict": verdict, "user": username} {
			if v != "" {
				q.Set(k, v)
			}
		}
		if limit > 0 {
			q.Set("limit", strconv.Itoa(limit))
		}
		if page > 0 {
			q.Set("page", strconv.Itoa(page))
		}
		path := "/submissions"
		if len(q) > 0 {
			path += "?" + q.Encode()
		}
		var subs []submission
		resp, err := a.get(path, &subs)
		if err != nil {
			return err
		}
		if a.jsonOut {
			return a.printBody(resp.Body)
		}
		err = printTable(a, "ID\tWHEN\tUSER\tPROBLEM\tKIND\tSTATUS\tVERDICT\tSCORE", subs, func(s submission) string {
			score := ""
			if s.Status == statusDone {
				score = formatScore(s.Score)
			}
			return fmt.Sprintf("%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s", s.ID, s.CreatedAt.Local().Format("2006-01-02 15:04"),
				s.User, s.Problem, s.Kind, s.Status, s.Verdict, score)
		})
		if err != nil {
			return err
		}
		if total := resp.Header.Get("X-Total-Count"); total != "" && total != strconv.Itoa(len(subs)) {
			fmt.Fprintf(a.stderr, "%d of %s shown (--page, --limit)\n", len(subs), total)
		}
		return nil
	})
	f := cmd.Flags()
	f.StringVar(&problemSlug, "problem", "", "only this problem's submissions")
	f.StringVar(&verdict, "verdict", "", "only this verdict (accepted, wrong_answer, ...)")
	f.StringVar(&username, "user", "", "only this user's submissions (instructors)")
	f.IntVar(&limit, "limit", 0, "at most this many (the server's default: 50)")
	f.IntVar(&page, "page", 0, "page number, 1-based, of --limit submissions each")
	return cmd
}
