package main

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"puzzlejudge/judge"
)

// assignmentJSON is the API's assignment as pj reads it.
type assignmentJSON struct {
	ID       int64     `json:"id"`
	Title    string    `json:"title"`
	OpensAt  time.Time `json:"opens_at"`
	DueAt    time.Time `json:"due_at"`
	Contest  *int64    `json:"contest"`
	Status   string    `json:"status"`
	Problems []struct {
		Slug   string  `json:"slug"`
		Weight float64 `json:"weight"`
	} `json:"problems"`
}

func (a *app) assignmentCommand() *cobra.Command {
	cmd := command("assignment", "Assignments: list them, create one (instructors); grades: pj grades", exactArgs(), func(args []string) error {
		return usageErrorf("pj assignment needs a subcommand: list or create")
	})
	cmd.AddCommand(a.assignmentListCommand(), a.assignmentCreateCommand())
	return cmd
}

func (a *app) assignmentListCommand() *cobra.Command {
	return command("list", "List the assignments you may see", exactArgs(), func(args []string) error {
		return show(a, http.MethodGet, "/assignments", nil, func(list []assignmentJSON) error {
			return printTable(a, "ID\tTITLE\tOPENS\tDUE\tSTATUS\tCONTEST", list, func(as assignmentJSON) string {
				contest := "-"
				if as.Contest != nil {
					contest = strconv.FormatInt(*as.Contest, 10)
				}
				return fmt.Sprintf("%d\t%s\t%s\t%s\t%s\t%s", as.ID, as.Title, as.OpensAt.UTC().Format(time.RFC3339),
					as.DueAt.UTC().Format(time.RFC3339), as.Status, contest)
			})
		})
	})
}

// assignmentTimes are the flags of pj assignment create that take a time,
// each with the field of the request it sets.
var assignmentTimes = []struct{ flag, field, usage string }{
	{"opens", "opens_at", "when submissions start to count (RFC 3339)"},
	{"due", "due_at", "until when they count in full (RFC 3339)"},
	{"late-until", "late_until", "the end of a late period (RFC 3339)"},
}

func (a *app) assignmentCreateCommand() *cobra.Command {
	var (
		problems   string
		times      = make([]string, len(assignmentTimes)) // as the flags give them
		lateFactor float64
		contest    int64
	)
	cmd := &cobra.Command{
		Use:   "create TITLE (--problems SLUG[=WEIGHT],... --opens TIME --due TIME | --contest ID)",
		Short: "Create an assignment (instructors), or make a contest one",
		Long: `Create an assignment. --problems lists its problems with their weights
("floodit=1,rotation=2"; a weight left out is 1). --opens, --due and
--late-until are RFC 3339 times; --late-factor goes with --late-until.

With --contest the assignment is that contest's: its problems and times are the
contest's, and it grades the contest's results (docs/COURSES.md); --problems may
then give weights to some of the contest's problems, and the times are refused.`,
		Example: "  pj assignment create 'Week 1' --problems floodit,rotation=2 --opens 2026-03-02T09:00:00Z --due 2026-03-09T23:59:00Z\n" +
			"  pj assignment create 'Exam 1' --contest 1",
		Args: exactArgs("TITLE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			body := map[string]any{"title": args[0]}
			var ps []map[string]any
			for _, p := range strings.Split(problems, ",") {
				if p = strings.TrimSpace(p); p == "" {
					continue
				}
				slug, weight, ok := strings.Cut(p, "=")
				ref := map[string]any{"slug": slug}
				if ok {
					w, err := strconv.ParseFloat(weight, 64)
					if err != nil {
						return usageErrorf("--problems %q: the weight of %s is not a number", p, slug)
					}
					ref["weight"] = w
				}
				ps = append(ps, ref)
			}
			if ps != nil {
				body["problems"] = ps
			}
			for i, t := range assignmentTimes {
				if times[i] == "" {
					continue
				}
				at, err := judge.ParseTime("--"+t.flag, times[i])
				if err != nil {
					return usageErrorf("%s", judge.ErrorMessage(err))
				}
				body[t.field] = at.Format(time.RFC3339)
			}
			if cmd.Flags().Changed("late-factor") {
				body["late_factor"] = lateFactor
			}
			if contest != 0 {
				body["contest"] = contest
			}
			return show(a, http.MethodPost, "/assignments", body, func(as assignmentJSON) error {
				of := ""
				if as.Contest != nil {
					of = fmt.Sprintf(", the assignment of contest %d", *as.Contest)
				}
				fmt.Fprintf(a.stdout, "assignment %d %q created%s: %s to %s, %d problem(s) (%s)\n", as.ID, as.Title, of,
					as.OpensAt.UTC().Format(time.RFC3339), as.DueAt.UTC().Format(time.RFC3339), len(as.Problems), as.Status)
				return nil
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&problems, "problems", "", "the problems with their weights: SLUG[=WEIGHT],...")
	for i, t := range assignmentTimes {
		f.StringVar(&times[i], t.flag, "", t.usage)
	}
	f.Float64Var(&lateFactor, "late-factor", 0, "what a late submission's score is multiplied by (0 to 1)")
	f.Int64Var(&contest, "contest", 0, "make it the assignment of this contest (its problems, times and results)")
	return cmd
}
