package puzzles

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"puzzlejudge/judge"
	"puzzlejudge/reference/textin"
)

// firstMove is the Hint of the engines whose solution is a list of moves
// from the board the replay reached: an error for a bad move (bad) or a
// board solved already (solvedMsg), else the first move solve finds, or
// noneMsg when it finds none.
func firstMove[M fmt.Stringer](bad textin.FirstBad, solved bool, solvedMsg, noneMsg judge.Msg, solve func() ([]M, bool, error)) (string, error) {
	switch {
	case bad.BadIndex > 0:
		return "", judge.Errorm(judge.EINVALID, badMove(bad.BadIndex, bad.BadToken, bad.Why))
	case solved:
		return "", judge.Errorm(judge.EINVALID, solvedMsg)
	}
	moves, solvable, err := solve()
	if err != nil {
		return "", err
	}
	if !solvable || len(moves) == 0 {
		return "", judge.Errorm(judge.EINVALID, noneMsg)
	}
	return moves[0].String(), nil
}

// countLetters counts the characters of text that are not separators, up
// to limit+1: the moves of the puzzles whose moves are single letters.
func countLetters(text string, limit int) int {
	n := 0
	for _, r := range text {
		if !isMoveSep(r) {
			if n++; n > limit {
				break
			}
		}
	}
	return n
}

func isMoveSep(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\v', '\f', ',':
		return true
	}
	return false
}

// answerLines returns the non-blank lines of an output with their numbers,
// tolerating "\r\n" and trailing spaces.
func answerLines(output string) []judge.AnswerLine {
	var out []judge.AnswerLine
	no := 0
	for len(output) > 0 {
		no++
		line := output
		if i := strings.IndexByte(output, '\n'); i >= 0 {
			line, output = output[:i], output[i+1:]
		} else {
			output = ""
		}
		line = strings.TrimRight(line, " \t\r\v\f")
		if strings.TrimSpace(line) != "" {
			out = append(out, judge.AnswerLine{No: no, Text: line})
		}
	}
	return out
}

// splitByCount cuts lines into answers of count(i, first line) lines each.
func splitByCount(lines []judge.AnswerLine, cases int, count func(i int, first judge.AnswerLine) int) ([]judge.Answer, judge.Answer) {
	answers := make([]judge.Answer, 0, cases)
	for i := 0; i < cases && len(lines) > 0; i++ {
		k := min(count(i, lines[0]), len(lines))
		answers = append(answers, judge.Answer(lines[:k:k]))
		lines = lines[k:]
	}
	return answers, judge.Answer(lines)
}

// referenceDisagrees is the result when a student's answer beats the
// reference: never the student's fault.
func referenceDisagrees() judge.Result {
	return judge.Result{Verdict: judge.JudgeError}.With(judge.M("reference_disagrees"))
}

// movesResult judges a replay that read every move legally: accepted (100)
// at the optimum, suboptimal (100 * optimum/used) above it.
func movesResult(solved bool, used, optimal int, unsolved judge.Msg) judge.Result {
	switch {
	case !solved:
		return judge.Result{Verdict: judge.NotSolved, Used: used}.With(unsolved)
	case used == optimal:
		return judge.Result{Verdict: judge.Accepted, Used: used, Optimal: optimal, Score: 100}.With(judge.M("moves_optimal", "Count", used))
	case used > optimal:
		return judge.Result{Verdict: judge.Suboptimal, Used: used, Optimal: optimal, Score: 100 * float64(optimal) / float64(used)}.
			With(judge.M("moves_suboptimal", "Count", used, "Optimal", optimal))
	default:
		return referenceDisagrees()
	}
}

// allLegal says that the n moves of a text are legal: "all 3 moves are
// legal", but "the 1 move is legal".
func allLegal(n int) judge.Msg { return judge.M("moves_all_legal", "Count", n) }

// plural is n of a unit ("n_moves": "1 move", "3 moves").
func plural(n int, unit judge.MessageID) judge.Msg { return judge.M(unit, "Count", n) }

// atLine is a message about line n of an answer: "line 3: ...".
func atLine(n int, m judge.Msg) judge.Msg { return judge.M("at_line", "Line", n, "Text", m) }

// badMove is the message of an invalid move: its index, token and reason.
func badMove(index int, token string, why textin.Reason) judge.Msg {
	return judge.M("move_bad", "Index", index, "Token", textin.Quote(token), "Reason", reasonMsg(why))
}

// reasonMsg is an engine's reason as a message of the judge: its code is
// the message id, its arguments the message's (a Reason among them a
// message of its own).
func reasonMsg(why textin.Reason) judge.Msg {
	pairs := slices.Clone(why.Args)
	for i := 1; i < len(pairs); i += 2 {
		if sub, ok := pairs[i].(textin.Reason); ok {
			pairs[i] = reasonMsg(sub)
		}
	}
	return judge.M(judge.MessageID(why.Code), pairs...)
}

// ErrorMsg is an engine's error as a message of the judge, where it has a
// code: a bad move, or a parse error at its line and column. Its English
// text is err.Error(), which the API gives.
func ErrorMsg(err error) (judge.Msg, bool) {
	var me *textin.MoveError
	var te *textin.Error
	switch {
	case errors.As(err, &me) && me.Why.Code != "":
		return badMove(me.Index, me.Token, me.Why), true
	case errors.As(err, &te) && te.Code != "":
		m := reasonMsg(textin.Reason{Text: te.Msg, Code: te.Code, Args: te.Args})
		switch {
		case te.Line > 0 && te.Col > 0:
			return judge.M("at_line_col", "Line", te.Line, "Col", te.Col, "Text", m), true
		case te.Line > 0:
			return atLine(te.Line, m), true
		}
		return m, true
	}
	return judge.Msg{}, false
}

// sayError returns r saying err as the API always has (err.Error()), with
// the message id when the error has one that says exactly that.
func sayError(r judge.Result, err error) judge.Result {
	if m, ok := ErrorMsg(err); ok && m.Text() == err.Error() {
		return r.With(m)
	}
	r.Message = err.Error()
	return r
}

// brokenCase is the result when a stored case no longer parses (an engine
// changed its format): the judge's fault, not the student's.
func brokenCase(err error) judge.Result {
	return judge.Result{Verdict: judge.JudgeError}.With(judge.M("broken_case", "Error", err.Error()))
}

// parseError converts an engine's error (a parse error, a board over a
// limit) into an EINVALID error that keeps its text, line and column: its
// judge message (ErrorMsg) when that says exactly the engine's text, so
// that a page says it in the reader's language.
func parseError(err error) error {
	if m, ok := ErrorMsg(err); ok && m.Text() == err.Error() {
		return judge.Errorm(judge.EINVALID, m)
	}
	return judge.Errorf(judge.EINVALID, "%s", err.Error())
}
