package main

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"puzzlejudge/web/wire"
)

// clarificationJSON is a contest's clarification or announcement as pj
// reads it (GET /contests/{id}/clarifications).
type clarificationJSON = wire.Clarification

// clarificationText returns the TEXT argument, read from stdin when it is
// "-" (a longer message, or one written by another program).
func (a *app) clarificationText(arg string) (string, error) {
	if arg != "-" {
		return arg, nil
	}
	data, err := io.ReadAll(io.LimitReader(a.stdin, 1<<20))
	if err != nil {
		return "", err
	}
	return strings.TrimRight(string(data), "\n"), nil
}

// clarificationBody is the body of a question or an announcement: its
// text (clarificationText of arg), about problem when it is not "".
func (a *app) clarificationBody(arg, problem string) (map[string]any, error) {
	text, err := a.clarificationText(arg)
	if err != nil {
		return nil, err
	}
	body := map[string]any{"text": text}
	if problem != "" {
		body["problem"] = problem
	}
	return body, nil
}

// postClarification sends body to the contest's clarifications and prints
// what was sent with done (given the new message's id).
func (a *app) postClarification(contest string, body map[string]any, done func(m clarificationJSON) string) error {
	return show(a, http.MethodPost, contestPath(contest)+"/clarifications", body, func(m clarificationJSON) error {
		_, err := fmt.Fprintln(a.stdout, done(m))
		return err
	})
}

func (a *app) contestClarificationsCommand() *cobra.Command {
	var markRead bool
	cmd := &cobra.Command{
		Use:   "clarifications ID",
		Short: "List a contest's clarifications and announcements you may read",
		Long: `List the contest's messages you may read, oldest first: a contestant's own
questions, the answers to them and what goes to all; the jury reads everything.
An unread message is marked "*". --mark-read marks them all read afterwards.`,
		Args: exactArgs("ID"),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := a.client()
			if err != nil {
				return err
			}
			var list wire.Clarifications
			resp, err := c.getJSON(a.ctx, contestPath(args[0])+"/clarifications", &list)
			if err != nil {
				return err
			}
			if markRead {
				if _, err := c.sendJSON(a.ctx, http.MethodPost, contestPath(args[0])+"/clarifications/read", map[string]any{}, nil, nil); err != nil {
					return err
				}
			}
			if a.jsonOut {
				return a.printBody(resp.Body)
			}
			err = printTable(a, "ID\tTIME\tFROM\tTO\tPROBLEM\tTEXT", list.Clarifications, func(m clarificationJSON) string {
				id := strconv.FormatInt(m.ID, 10)
				if m.Unread {
					id += "*"
				}
				from, to := "jury", "jury"
				if m.From != nil {
					from = *m.From
				}
				switch {
				case m.ToAll:
					to = "all"
				case m.To != nil:
					to = *m.To
				}
				if m.ReplyTo != nil {
					to += fmt.Sprintf(" (re %d)", *m.ReplyTo)
				}
				problem := "-"
				if m.Problem != nil {
					problem = *m.Problem
				}
				return fmt.Sprintf("%s\t%s\t%s\t%s\t%s\t%s", id, m.Time.UTC().Format(time.RFC3339), from, to, problem,
					strings.ReplaceAll(m.Text, "\n", " / "))
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(a.stdout, "%d unread\n", list.Unread)
			return nil
		},
	}
	cmd.Flags().BoolVar(&markRead, "mark-read", false, "mark every message read once listed")
	return cmd
}

func (a *app) contestAskCommand() *cobra.Command {
	return a.clarificationCommand(&cobra.Command{
		Use:     "ask ID TEXT",
		Short:   "Ask the jury of a contest a question, about a problem or in general",
		Long:    `Ask the jury a question while the contest runs. --problem names the problem by its label; without it the question is general. TEXT "-" reads it from stdin.`,
		Example: "  pj contest ask 1 --problem A 'May the board be empty?'",
	}, "a general question", "question %d sent to the jury", nil)
}

// clarificationCommand completes cmd (its Use, texts and example) as a
// command that sends TEXT to contest ID, about the problem --problem
// labels (default: the general one named by general), once check passes;
// sent formats the message's id for the user.
func (a *app) clarificationCommand(cmd *cobra.Command, general, sent string, check func() error) *cobra.Command {
	var problem string
	cmd.Args = exactArgs("ID", "TEXT")
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if check != nil {
			if err := check(); err != nil {
				return err
			}
		}
		body, err := a.clarificationBody(args[1], problem)
		if err != nil {
			return err
		}
		return a.postClarification(args[0], body, func(m clarificationJSON) string {
			return fmt.Sprintf(sent, m.ID)
		})
	}
	cmd.Flags().StringVar(&problem, "problem", "", "the label of the problem it is about (default: "+general+")")
	return cmd
}

func (a *app) contestAnswerCommand() *cobra.Command {
	var all bool
	cmd := &cobra.Command{
		Use:     "answer ID CLARIFICATION TEXT",
		Short:   "Answer a contestant's question (the jury): to them, or to all with --all",
		Long:    `Answer the question CLARIFICATION (its id in pj contest clarifications). The answer goes to the asker only; --all sends it to every contestant. TEXT "-" reads it from stdin.`,
		Example: "  pj contest answer 1 4 --all 'Yes: a board may be solved already.'",
		Args:    exactArgs("ID", "CLARIFICATION", "TEXT"),
		RunE: func(cmd *cobra.Command, args []string) error {
			q, err := idArg(args[1], "CLARIFICATION %q: want the id of a question")
			if err != nil {
				return err
			}
			text, err := a.clarificationText(args[2])
			if err != nil {
				return err
			}
			return a.postClarification(args[0], map[string]any{"text": text, "reply_to": q, "to_all": all}, func(m clarificationJSON) string {
				if m.ToAll {
					return fmt.Sprintf("answer %d to question %d sent to all", m.ID, q)
				}
				return fmt.Sprintf("answer %d to question %d sent to its asker", m.ID, q)
			})
		},
	}
	cmd.Flags().BoolVar(&all, "all", false, "send the answer to every contestant, not only the asker")
	return cmd
}

func (a *app) contestAnnounceCommand() *cobra.Command {
	return a.clarificationCommand(&cobra.Command{
		Use:     "announce ID TEXT",
		Short:   "Announce something to every contestant (the jury)",
		Long:    `Send an announcement to all, about a problem (--problem, its label) or in general. TEXT "-" reads it from stdin.`,
		Example: "  pj contest announce 1 --problem B 'Board 3 of B was fixed; submissions are judged again.'",
	}, "general", "announcement %d sent to all", a.onlyTheJury)
}

// onlyTheJury refuses a user who is not an instructor. The server takes a
// contestant's message without reply_to as a question: asked to announce,
// pj refuses instead of sending the jury a question the user did not mean.
func (a *app) onlyTheJury() error {
	c, err := a.client()
	if err != nil {
		return err
	}
	var me struct {
		Role string `json:"role"`
	}
	if _, err := c.getJSON(a.ctx, "/me", &me); err != nil {
		return err
	}
	if me.Role != "instructor" {
		return usageErrorf("only the jury (instructors) announces; pj contest ask sends the jury a question")
	}
	return nil
}
