package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"puzzlejudge/web/wire"
)

// runAnswer is the answer of POST /problems/{slug}/run.
type runAnswer = wire.RunAnswer

// runCommand is pj run: a program run once on the caller's own input, never
// graded (issue 34). Its exit status is 0 when the program ran to the end
// with status 0, 1 when it did not (a compile error, a limit, a crash).
func (a *app) runCommand() *cobra.Command {
	var input, lang string
	cmd := command("run SLUG FILE", "Run a program once on your own input (not graded, not a submission)", exactArgs("SLUG", "FILE"), func(args []string) error {
		source, err := os.ReadFile(args[1])
		if err != nil {
			return &inputError{err}
		}
		var in []byte
		switch input {
		case "":
		case "-":
			if in, err = io.ReadAll(a.stdin); err != nil {
				return &inputError{err}
			}
		default:
			if in, err = os.ReadFile(input); err != nil {
				return &inputError{err}
			}
		}
		c, err := a.client()
		if err != nil {
			return err
		}
		if lang == "" {
			if lang, err = a.languageOf(c, args[1]); err != nil {
				return err
			}
		}
		body := map[string]string{"language": lang, "source": string(source), "input": string(in)}
		return show(a, http.MethodPost, problemPath(args[0])+"/run", body, func(r runAnswer) error {
			a.printRun(r)
			if r.Status != "ok" {
				return &rejectedError{verdict: string(r.Status)}
			}
			return nil
		})
	})
	cmd.Long = `pj run compiles FILE and runs it once on the server, in its sandbox and under
the problem's limits, with the content of --input on its standard input
(nothing without it; - reads pj's own standard input). It prints how the run
ended, its time and memory, and what the program wrote on its standard output
and standard error. A run is not graded and is not a submission; the server
allows a few a minute (run_rate).

Exit status: 0 the program ran to the end, 1 it did not (compile error,
limit, runtime error), 2 usage or input error, 3 server or network error.`
	cmd.Flags().StringVar(&input, "input", "", "file whose content is the program's standard input (- for pj's standard input)")
	cmd.Flags().StringVar(&lang, "language", "", "language id (default: the one GET /languages gives FILE's extension)")
	return cmd
}

// languageOf returns the language the server gives the extension of file.
func (a *app) languageOf(c *client, file string) (string, error) {
	var langs []language
	if _, err := c.getJSON(a.ctx, "/languages", &langs); err != nil {
		return "", err
	}
	ext := strings.ToLower(filepath.Ext(file))
	var ids []string
	for _, l := range langs {
		ids = append(ids, l.ID)
		for _, e := range l.Extensions {
			if ext != "" && strings.EqualFold(e, ext) {
				return l.ID, nil
			}
		}
	}
	if len(ids) == 0 {
		return "", usageErrorf("this server runs no programs")
	}
	return "", usageErrorf("no language has the extension of %s: name it with --language (one of %s)", filepath.Base(file), strings.Join(ids, ", "))
}

// printRun writes a run as lines: how it ended with its figures, then the
// compiler's message or the program's output and standard error.
func (a *app) printRun(r runAnswer) {
	w := a.stdout
	if r.Status == "compile_error" {
		fmt.Fprintf(w, "%s  %s\n", r.Status, r.Message)
		if r.CompileOutput != "" {
			fmt.Fprintf(w, "--- compiler\n%s", withNewline(r.CompileOutput))
		}
		return
	}
	fmt.Fprintf(w, "%s  cpu %d ms  wall %d ms  memory %d KiB", r.Status, r.CPUMs, r.WallMs, r.MemoryKiB)
	if r.Status != "ok" && r.Message != "" {
		fmt.Fprintf(w, "  %s", r.Message)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "--- stdout\n%s", withNewline(r.Stdout))
	if r.Truncated {
		fmt.Fprintln(w, "(the output goes on: only its first 64 KiB were sent)")
	}
	if r.Stderr != "" {
		fmt.Fprintf(w, "--- stderr\n%s", withNewline(r.Stderr))
	}
}

func withNewline(s string) string {
	if s != "" && !strings.HasSuffix(s, "\n") {
		return s + "\n"
	}
	return s
}
