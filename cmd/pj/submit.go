package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
)

func (a *app) submitCommand() *cobra.Command {
	var (
		wait         bool
		inputVersion string
		lang         string
	)
	cmd := &cobra.Command{
		Use:   "submit SLUG FILE|DIR|ZIP|SOURCE [--wait] [--lang ID]",
		Short: "Submit an answer (your program's output) or a program's source",
		Long: `Submit an answer to every case of a problem, or a program the server runs on
every board.

  FILE    your program's whole output for 'pj input SLUG' ("-" reads standard input)
  DIR     one NN-name.out per case, named as the cases of input.zip
  ZIP     a zip of such NN-name.out files
  SOURCE  a program (main.cpp, solve.py, ...): its extension names the language
          (see 'pj languages'), or --lang does

With --wait, pj waits for the verdict and exits 0 when it is accepted, 1 when
it is not.`,
		Example: "  ./solver < floodit.in > floodit.out && pj submit floodit floodit.out --wait\n  pj submit floodit out/ --wait\n  pj submit floodit main.cpp --wait\n  pj submit rotation ida.cc --lang cpp98 --wait",
		Args:    exactArgs("SLUG", "FILE|DIR|ZIP|SOURCE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := a.client()
			if err != nil {
				return err
			}
			path := problemPath(args[0]) + "/submissions"
			program, err := a.isProgram(c, args[1], lang)
			if err != nil {
				return err
			}
			if program {
				resp, err := a.sendProgram(c, path, args[1], lang)
				if err != nil {
					return err
				}
				return a.afterSubmit(c, resp, wait)
			}
			resp, err := a.sendAnswer(c, path, args[1], inputVersion)
			if err != nil {
				return err
			}
			return a.afterSubmit(c, resp, wait)
		},
	}
	cmd.Flags().BoolVar(&wait, "wait", false, "wait for the verdict; the exit status tells it")
	cmd.Flags().StringVar(&inputVersion, "input-version", "", "the input version the answer was made for (printed by 'pj input')")
	cmd.Flags().StringVar(&lang, "lang", "", "submit FILE as a program in this language (an id of 'pj languages'); default: from its extension")
	cmd.Flags().Int64Var(&a.contest, "contest", 0, "submit in this contest (its id; see 'pj contest list'); default: practice")
	return cmd
}

// answerBody is the JSON of an answer: its whole output, or its outputs
// per case keyed by base name (NN-name), and the input version it answers
// (when known; the server then refuses an answer to an older case set).
type answerBody struct {
	Kind         string            `json:"kind"`
	Output       *string           `json:"output,omitempty"`
	Outputs      map[string]string `json:"outputs,omitempty"`
	InputVersion string            `json:"input_version,omitempty"`
	Contest      int64             `json:"contest,omitempty"`
}

// sendAnswer posts an answer from a file, a directory of per-case outputs
// (a JSON map keyed by case base name) or a zip (multipart).
func (a *app) sendAnswer(c *client, path, from, inputVersion string) (*response, error) {
	whole := func(data []byte) (*response, error) {
		out := string(data)
		return c.sendJSON(a.ctx, http.MethodPost, path, answerBody{Kind: "answer", Output: &out, InputVersion: inputVersion, Contest: a.contest}, nil, nil)
	}
	if from == "-" {
		data, err := a.readArg(from)
		if err != nil {
			return nil, err
		}
		return whole(data)
	}
	info, err := os.Stat(from)
	if err != nil {
		return nil, &inputError{err}
	}
	if info.IsDir() {
		outputs, err := readOutputs(from)
		if err != nil {
			return nil, err
		}
		return c.sendJSON(a.ctx, http.MethodPost, path, answerBody{Kind: "answer", Outputs: outputs, InputVersion: inputVersion, Contest: a.contest}, nil, nil)
	}
	data, err := os.ReadFile(from)
	if err != nil {
		return nil, &inputError{err}
	}
	if bytes.HasPrefix(data, []byte("PK\x03\x04")) || strings.EqualFold(filepath.Ext(from), ".zip") {
		body, contentType, err := multipartSubmission("answer", filepath.Base(from), data, a.contest, [2]string{"input_version", inputVersion})
		if err != nil {
			return nil, err
		}
		return c.do(a.ctx, http.MethodPost, path, body, contentType, nil)
	}
	return whole(data)
}

// readOutputs reads dir's NN-name.out files into a map keyed by base name
// (NN-name), the per-case answer of the API.
func readOutputs(dir string) (map[string]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, &inputError{err}
	}
	outputs := map[string]string{}
	for _, e := range entries {
		if e.IsDir() || filepath.Ext(e.Name()) != ".out" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, &inputError{err}
		}
		outputs[strings.TrimSuffix(e.Name(), ".out")] = string(data)
	}
	if len(outputs) == 0 {
		return nil, &inputError{fmt.Errorf("%s: no .out files (one NN-name.out per case, as in input.zip)", dir)}
	}
	return outputs, nil
}

// multipartSubmission is the form of a submission of kind with data as
// "file" (named name), the contest when not 0, and the fields (name,
// value) whose value is not empty: an answer's input_version, a program's
// language.
func multipartSubmission(kind, name string, data []byte, contest int64, fields ...[2]string) (io.Reader, string, error) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	if contest != 0 {
		fields = append(fields, [2]string{"contest", strconv.FormatInt(contest, 10)})
	}
	for _, f := range append([][2]string{{"kind", kind}}, fields...) {
		if f[1] == "" {
			continue
		}
		if err := w.WriteField(f[0], f[1]); err != nil {
			return nil, "", err
		}
	}
	fw, err := w.CreateFormFile("file", name)
	if err != nil {
		return nil, "", err
	}
	if _, err := fw.Write(data); err != nil {
		return nil, "", err
	}
	if err := w.Close(); err != nil {
		return nil, "", err
	}
	return &buf, w.FormDataContentType(), nil
}

// afterSubmit reports a 202 answer {id,status}: at once, or after waiting
// for the verdict.
func (a *app) afterSubmit(c *client, resp *response, wait bool) error {
	var sub created
	if err := resp.decode(&sub); err != nil {
		return err
	}
	if wait {
		return a.waitAndShow(c, sub.ID)
	}
	if a.jsonOut {
		return a.printBody(resp.Body)
	}
	fmt.Fprintf(a.stdout, "submission %d %s (pj status %d --wait)\n", sub.ID, sub.Status, sub.ID)
	return nil
}

func (a *app) movesCommand() *cobra.Command {
	var wait bool
	cmd := &cobra.Command{
		Use:   "moves SLUG CASE MOVES [--wait]",
		Short: "Submit a move sequence for one case of a problem",
		Long: `Submit a move sequence for one case. CASE is a case id or name (see 'pj show').
MOVES is a file, "-" for standard input, or the moves themselves: Flood-it
colours ("1 2 1"), Rotation letters ("DDHH"); Mayan moves, one "x y g" a line,
are easiest in a file.`,
		Example: "  pj moves rotation 02-sample-2 DDHH --wait\n  pj moves mayan 7 solution.txt --wait",
		Args:    exactArgs("SLUG", "CASE", "MOVES"),
		RunE: func(cmd *cobra.Command, args []string) error {
			moves, c, err := a.movesAndClient(args[2])
			if err != nil {
				return err
			}
			id, err := a.caseID(c, args[0], args[1])
			if err != nil {
				return err
			}
			resp, err := c.sendJSON(a.ctx, http.MethodPost, problemPath(args[0])+"/submissions",
				map[string]any{"kind": "moves", "case": id, "moves": moves}, nil, nil)
			if err != nil {
				return err
			}
			return a.afterSubmit(c, resp, wait)
		},
	}
	cmd.Flags().BoolVar(&wait, "wait", false, "wait for the verdict; the exit status tells it")
	return cmd
}

// movesAndClient reads the moves argument (see readMoves), then makes the
// client that sends them: pj moves and pj check read both first.
func (a *app) movesAndClient(arg string) (string, *client, error) {
	moves, err := a.readMoves(arg)
	if err != nil {
		return "", nil, err
	}
	c, err := a.client()
	return moves, c, err
}

// caseID resolves a case given by id or by name.
func (a *app) caseID(c *client, slug, ref string) (int64, error) {
	if id, err := strconv.ParseInt(ref, 10, 64); err == nil && id > 0 {
		return id, nil
	}
	var p problem
	if _, err := c.getJSON(a.ctx, problemPath(slug), &p); err != nil {
		return 0, err
	}
	names := make([]string, 0, len(p.Cases))
	for _, cs := range p.Cases {
		if cs.Name == ref {
			return cs.ID, nil
		}
		names = append(names, cs.Name)
	}
	sort.Strings(names)
	return 0, usageErrorf("problem %s has no case %q (its cases: %s)", slug, ref, strings.Join(names, ", "))
}

// readArg reads the file arg names, or standard input when arg is "-"; a
// failure is an inputError.
func (a *app) readArg(arg string) ([]byte, error) {
	if arg == "-" {
		data, err := io.ReadAll(a.stdin)
		if err != nil {
			return nil, &inputError{fmt.Errorf("reading standard input: %v", err)}
		}
		return data, nil
	}
	data, err := os.ReadFile(arg)
	if err != nil {
		return nil, &inputError{err}
	}
	return data, nil
}

// inFile names file in a refusal of its content that points at a line
// ("board.txt: line 3, column 2: ...") or at its end ("board.txt:
// unexpected end of input: ..."), so that the user knows where.
func inFile(err error, file string) error {
	var ae *apiError
	if errors.As(err, &ae) && ae.Status == http.StatusBadRequest &&
		(strings.Contains(ae.Message, "line ") || strings.HasPrefix(ae.Message, "unexpected end of input")) {
		ae.Message = file + ": " + ae.Message
	}
	return err
}

// readMoves reads MOVES: "-" is standard input, an existing file its
// content, and anything else the moves themselves, unless it looks like a
// file name (moves never hold '.' or '/'), which must then exist.
func (a *app) readMoves(arg string) (string, error) {
	if arg == "-" {
		data, err := a.readArg(arg)
		return string(data), err
	}
	data, err := os.ReadFile(arg)
	switch {
	case err == nil:
		return string(data), nil
	case !errors.Is(err, fs.ErrNotExist):
		return "", &inputError{err}
	case strings.ContainsAny(arg, "./\\"):
		return "", &inputError{err}
	}
	return arg, nil
}

func (a *app) checkCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "check PUZZLE BOARDFILE MOVES",
		Short: "Check moves on a board of your own, at once (no problem needed)",
		Long: `Check a move sequence on one board given in the classic format of its puzzle
(floodit, rotation or mayan); BOARDFILE may be "-" for standard input, MOVES is
as for 'pj moves'. The server solves the board and answers the verdict now:
exit 0 when the moves are optimal, 1 when they are not, 2 when the board does
not parse (the message names the line and column).`,
		Example: "  pj check floodit board.txt \"1 2 0\"\n  pj check mayan level.txt moves.txt",
		Args:    exactArgs("PUZZLE", "BOARDFILE", "MOVES"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if args[1] == "-" && args[2] == "-" {
				return usageErrorf("the board and the moves cannot both come from standard input")
			}
			board, err := a.readArg(args[1])
			if err != nil {
				return err
			}
			moves, c, err := a.movesAndClient(args[2])
			if err != nil {
				return err
			}
			var res checkAnswer
			resp, err := c.sendJSON(a.ctx, http.MethodPost, "/check",
				map[string]string{"puzzle": args[0], "board": string(board), "moves": moves}, &res, nil)
			if err != nil {
				return inFile(err, args[1])
			}
			if a.jsonOut {
				if err := a.printBody(resp.Body); err != nil {
					return err
				}
			} else {
				fmt.Fprintf(a.stdout, "%s  score %s  %s\n", res.Verdict, formatScore(res.Score), res.Message)
			}
			return verdictError(string(res.Verdict))
		},
	}
}
