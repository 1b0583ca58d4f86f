package main

import (
	"github.com/spf13/cobra"

	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"golang.org/x/term"
)

// printBody prints an answer of the API as it came, indented, for --json.
func (a *app) printBody(body []byte) error {
	var buf bytes.Buffer
	if err := json.Indent(&buf, bytes.TrimSpace(body), "", "  "); err != nil {
		// Not JSON after all: the caller asked for the server's words.
		buf.Reset()
		buf.Write(body)
	}
	buf.WriteByte('\n')
	_, err := a.stdout.Write(buf.Bytes())
	return err
}

// printJSON prints a value pj made itself (login, a local summary) as JSON.
func (a *app) printJSON(v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(a.stdout, "%s\n", data)
	return err
}

// table returns a tabwriter over stdout; the caller flushes it.
func (a *app) table() *tabwriter.Writer {
	return tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
}

// printTable prints header and then the row of each of xs, their
// tab-separated columns aligned: the lists of contests, submissions,
// teams, pairs, ...
func printTable[T any](a *app, header string, xs []T, row func(T) string) error {
	w := a.table()
	fmt.Fprintln(w, header)
	for _, x := range xs {
		fmt.Fprintln(w, row(x))
	}
	return w.Flush()
}

// isTerminal reports whether w is a terminal (spinners, prompts and binary
// output decide on it).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// oneLine shortens a message to its first line, for tables.
func oneLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// formatScore prints 100 as "100" and 62.5 as "62.5".
func formatScore[F ~float64](f F) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", f), "0"), ".")
}

// command is a command of use and short that takes the arguments args
// allows and runs run, for the commands that need no more of cobra.
func command(use, short string, args cobra.PositionalArgs, run func(args []string) error) *cobra.Command {
	return &cobra.Command{Use: use, Short: short, Args: args,
		RunE: func(_ *cobra.Command, args []string) error { return run(args) }}
}
