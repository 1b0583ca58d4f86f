package puzzles

import (
	"fmt"
	"strconv"
	"strings"

	"puzzlejudge/judge"
	"puzzlejudge/reference/textin"
)

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
	return judge.Result{Verdict: judge.JudgeError, Message: "your answer disagrees with the reference solver in your favour; the judge will look into it"}
}

// movesResult judges a replay that read every move legally: accepted (100)
// at the optimum, suboptimal (100 * optimum/used) above it.
func movesResult(solved bool, used, optimal int, unsolvedMsg string) judge.Result {
	switch {
	case !solved:
		return judge.Result{Verdict: judge.NotSolved, Message: unsolvedMsg, Used: used}
	case used == optimal:
		return judge.Result{Verdict: judge.Accepted, Message: judge.Plural(used, "move") + ", optimal", Used: used, Optimal: optimal, Score: 100,
			MessageID: "moves_optimal", MessageArgs: judge.Args("Count", used)}
	case used > optimal:
		return judge.Result{
			Verdict: judge.Suboptimal, Used: used, Optimal: optimal, Score: 100 * float64(optimal) / float64(used),
			Message:   judge.Plural(used, "move") + ", the optimum is " + strconv.Itoa(optimal),
			MessageID: "moves_suboptimal", MessageArgs: judge.Args("Count", used, "Optimal", optimal),
		}
	default:
		return referenceDisagrees()
	}
}

// allLegal says that the n moves of a text are legal: "all 3 moves are
// legal", but "the 1 move is legal".
func allLegal(n int) string {
	if n == 1 {
		return "the 1 move is legal"
	}
	return "all " + judge.Plural(n, "move") + " are legal"
}

// badMove is the message of an invalid move: its index, token and reason.
func badMove(index int, token, reason string) string {
	return fmt.Sprintf("move %d (%s): %s", index, textin.Quote(token), reason)
}

// brokenCase is the result when a stored case no longer parses (an engine
// changed its format): the judge's fault, not the student's.
func brokenCase(err error) judge.Result {
	return judge.Result{Verdict: judge.JudgeError, Message: "the stored case cannot be read by the engine: " + err.Error()}
}

// parseError converts an engine parse error into an EINVALID error that keeps
// its line and column.
func parseError(err error) error {
	return judge.Errorf(judge.EINVALID, "%s", err.Error())
}
