package main

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"puzzlejudge/judge"
	"puzzlejudge/web/wire"
)

// contestJSON is the API's contest (wire.Contest); its scoreboard is the
// domain's judge.Scoreboard, which the API sends as it is.
type contestJSON = wire.Contest

func contestPath(id string) string { return "/contests/" + url.PathEscape(id) }

func (a *app) contestCommand() *cobra.Command {
	cmd := command("contest", "Contests: create one (instructors), show it, read its scoreboard, clarifications", exactArgs(), func(args []string) error {
		return usageErrorf("pj contest needs a subcommand: list, create, show, teams, board, unfreeze, clarifications, ask, answer, announce, export or import")
	})
	cmd.AddCommand(a.contestListCommand(), a.contestCreateCommand(), a.contestShowCommand(), a.contestTeamsCommand(), a.contestBoardCommand(), a.contestUnfreezeCommand(),
		a.contestClarificationsCommand(), a.contestAskCommand(), a.contestAnswerCommand(), a.contestAnnounceCommand(),
		a.contestExportCommand(), a.contestImportCommand())
	return cmd
}

func (a *app) contestListCommand() *cobra.Command {
	return command("list", "List the contests", exactArgs(), func(args []string) error {
		return show(a, http.MethodGet, "/contests", nil, func(list []contestJSON) error {
			return printTable(a, "ID\tTITLE\tSTART\tLENGTH\tSCORING\tSTATUS", list, func(ct contestJSON) string {
				return fmt.Sprintf("%d\t%s\t%s\t%s\t%s\t%s", ct.ID, ct.Title, ct.StartTime.UTC().Format(time.RFC3339), ct.Duration, ct.Scoring, status(ct))
			})
		})
	})
}

func status(ct contestJSON) string {
	if ct.Frozen {
		return string(ct.Status) + ", frozen"
	}
	return string(ct.Status)
}

func (a *app) contestCreateCommand() *cobra.Command {
	var (
		problems, start, duration, freeze, scoring, participants, code, teams, hidden string
		public                                                                        bool
	)
	cmd := &cobra.Command{
		Use:   "create TITLE --problems A=SLUG,B=SLUG --start TIME --duration 5h",
		Short: "Create a contest (instructors)",
		Long: `Create a contest. --problems lists its problems in label order: "flood,rot"
labels them A, B; "A=flood,B=rot" names the labels. --start is an RFC 3339 time
or "now" (it may be in the past: a contest already running). --duration and
--freeze take "5h", "90m", "5:00:00" or seconds. Without --participants or
--teams anyone logged in takes part. --teams reads a CSV file of teams (as
"pj contest teams --import" does); --hidden-groups names the groups kept off the
public board (observers).`,
		Example: "  pj contest create 'Weekly 1' --problems A=floodit,B=rotation --start 2026-03-02T09:00:00Z --duration 2h --freeze 30m",
		Args:    exactArgs("TITLE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			body := map[string]any{"title": args[0], "duration": duration, "scoring": scoring, "public": public}
			var ps []map[string]string
			for _, p := range strings.Split(problems, ",") {
				if p = strings.TrimSpace(p); p == "" {
					continue
				}
				label, slug, ok := strings.Cut(p, "=")
				if !ok {
					label, slug = "", p
				}
				ps = append(ps, map[string]string{"label": label, "slug": slug})
			}
			if len(ps) == 0 {
				return usageErrorf("--problems is required: A=SLUG,B=SLUG or SLUG,SLUG")
			}
			body["problems"] = ps
			switch start {
			case "", "now":
				body["start_time"] = time.Now().UTC().Format(time.RFC3339)
			default:
				t, err := judge.ParseTime("--start", start)
				if err != nil {
					return usageErrorf("%s (or now)", judge.ErrorMessage(err))
				}
				body["start_time"] = t.Format(time.RFC3339)
			}
			if freeze != "" {
				body["freeze"] = freeze
			}
			if participants != "" {
				body["participants"] = strings.Split(participants, ",")
			}
			if code != "" {
				body["registration_code"] = code
			}
			if teams != "" {
				data, err := a.readArg(teams)
				if err != nil {
					return err
				}
				specs, err := judge.ParseTeamsCSV(bytes.NewReader(data))
				if err != nil {
					return usageErrorf("--teams %s: %s", teams, judge.ErrorMessage(err))
				}
				var list []map[string]any
				for _, t := range specs {
					list = append(list, map[string]any{"name": t.Name, "members": t.Members, "organization": t.Organization, "groups": t.Groups})
				}
				body["teams"] = list
			}
			var groups []map[string]any
			for _, g := range strings.Split(hidden, ",") {
				if g = strings.TrimSpace(g); g != "" {
					groups = append(groups, map[string]any{"name": g, "hidden": true})
				}
			}
			if groups != nil {
				body["groups"] = groups
			}
			return show(a, http.MethodPost, "/contests", body, func(ct contestJSON) error {
				fmt.Fprintf(a.stdout, "contest %d %q created: %s to %s (%s)\n", ct.ID, ct.Title,
					ct.StartTime.UTC().Format(time.RFC3339), ct.EndTime.UTC().Format(time.RFC3339), status(ct))
				return nil
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&problems, "problems", "", "the problems in label order: A=SLUG,B=SLUG or SLUG,SLUG")
	f.StringVar(&start, "start", "now", "the start: an RFC 3339 time, or now")
	f.StringVar(&duration, "duration", "5h", "how long it runs: 5h, 90m, 5:00:00 or seconds")
	f.StringVar(&freeze, "freeze", "", "freeze the board this long before the end (default: never)")
	f.StringVar(&scoring, "scoring", "icpc", "icpc (solved, then penalty) or ioi (sum of best scores)")
	f.StringVar(&participants, "participants", "", "usernames separated by commas (default: everyone)")
	f.StringVar(&code, "code", "", "a registration code users give to join")
	f.StringVar(&teams, "teams", "", "a CSV file of teams: name, members, organization, groups (- for stdin)")
	f.StringVar(&hidden, "hidden-groups", "", "groups kept off the public board, separated by commas (observers)")
	f.BoolVar(&public, "public", false, "anyone may read the board, logged in or not")
	return cmd
}

func (a *app) contestShowCommand() *cobra.Command {
	return command("show ID", "Show a contest: its times and problems", exactArgs("ID"), func(args []string) error {
		return show(a, http.MethodGet, contestPath(args[0]), nil, func(ct contestJSON) error {
			fmt.Fprintf(a.stdout, "%d %s\n%s scoring, %s to %s (%s), %s\n", ct.ID, ct.Title, ct.Scoring,
				ct.StartTime.UTC().Format(time.RFC3339), ct.EndTime.UTC().Format(time.RFC3339), ct.Duration, status(ct))
			if ct.Freeze != "" && ct.Freeze != "0:00:00" {
				fmt.Fprintf(a.stdout, "the board freezes %s before the end\n", ct.Freeze)
			}
			for _, p := range ct.Problems {
				fmt.Fprintf(a.stdout, "  %s  %s  %s\n", p.Label, p.Slug, p.Title)
			}
			if len(ct.Problems) == 0 && ct.Status == "scheduled" {
				fmt.Fprintln(a.stdout, "the problems are shown when it starts")
			}
			return nil
		})
	})
}

func (a *app) contestBoardCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "board ID",
		Short: "Print a contest's scoreboard as you may see it",
		Long: `Print the board: rank, contestant, solved (or score under IOI), penalty, and per
problem "+2/25" (solved on the 2nd try at minute 25), "-3" (three rejected
tries), "?1" (one pending), "*" for the first to solve it.`,
		Args: exactArgs("ID"),
		RunE: func(cmd *cobra.Command, args []string) error {
			var ct contestJSON
			if _, err := a.get(contestPath(args[0]), &ct); err != nil {
				return err
			}
			var b judge.Scoreboard
			resp, err := a.get(contestPath(args[0])+"/scoreboard", &b)
			if err != nil {
				return err
			}
			if a.jsonOut {
				return a.printBody(resp.Body)
			}
			if b.Frozen {
				fmt.Fprintln(a.stdout, "the board is frozen: tries after the freeze show as pending (?)")
			}
			w := a.table()
			head := "RANK\tUSER\tSOLVED\tPENALTY"
			if ct.Scoring == "ioi" {
				head = "RANK\tUSER\tSCORE"
			}
			for _, p := range ct.Problems {
				head += "\t" + p.Label
			}
			fmt.Fprintln(w, head)
			for _, r := range b.Rows {
				line := fmt.Sprintf("%d\t%s\t%d\t%d", r.Rank, r.User, r.Solved, r.Penalty)
				if ct.Scoring == "ioi" {
					line = fmt.Sprintf("%d\t%s\t%s", r.Rank, r.User, formatScore(r.Score))
				}
				for _, p := range r.Problems {
					cell := "."
					switch {
					case ct.Scoring == "ioi" && p.Tries > 0:
						cell = formatScore(p.Score)
					case p.Solved:
						cell = fmt.Sprintf("+%d/%d", p.Tries, p.Minutes)
					case p.Tries > 0:
						cell = fmt.Sprintf("-%d", p.Tries)
					}
					if p.Pending > 0 {
						cell += fmt.Sprintf("?%d", p.Pending)
					}
					if p.First {
						cell += "*"
					}
					line += "\t" + cell
				}
				fmt.Fprintln(w, line)
			}
			return w.Flush()
		},
	}
}

func (a *app) contestUnfreezeCommand() *cobra.Command {
	var again bool
	cmd := command("unfreeze ID", "Reveal a contest's final board to everyone (instructors)", exactArgs("ID"), func(args []string) error {
		return show(a, http.MethodPatch, contestPath(args[0]), map[string]any{"unfrozen": !again}, func(ct contestJSON) error {
			if again {
				fmt.Fprintf(a.stdout, "contest %d: the board is frozen again\n", ct.ID)
			} else {
				fmt.Fprintf(a.stdout, "contest %d: the board is unfrozen\n", ct.ID)
			}
			return nil
		})
	})
	cmd.Flags().BoolVar(&again, "again", false, "freeze the board again instead")
	return cmd
}
