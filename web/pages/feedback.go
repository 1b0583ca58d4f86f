package pages

import "strings"

// Feedback a student can act on (issue 34): a program's run on a sample
// board is shown with its output, stderr and the reference answer, and the
// two answers side by side, line by line (templates/_sample_runs.html).

// diffLine is one line of a sample's answer against the program's output.
// A side without a line N has Has... false (one output ran short or long).
type diffLine struct {
	N                      int
	Expected, Output       string
	HasExpected, HasOutput bool
	Same                   bool
}

// lineDiff compares the reference answer and a program's output line by
// line, as the checkers read them: line N against line N, trailing blanks
// and a final newline ignored. Judges read answers by position, so a
// positional comparison points at the first line that is wrong, where a
// shortest edit script would pair an answer's lines with unrelated ones.
func lineDiff(expected, output string) []diffLine {
	e, o := answerLines(expected), answerLines(output)
	out := make([]diffLine, max(len(e), len(o)))
	for i := range out {
		d := diffLine{N: i + 1}
		if i < len(e) {
			d.Expected, d.HasExpected = e[i], true
		}
		if i < len(o) {
			d.Output, d.HasOutput = o[i], true
		}
		d.Same = d.HasExpected && d.HasOutput && strings.TrimRight(d.Expected, " \t\r") == strings.TrimRight(d.Output, " \t\r")
		out[i] = d
	}
	return out
}

// firstDiffering returns the number of the first line that differs, 0
// when none does.
func firstDiffering(lines []diffLine) int {
	for _, l := range lines {
		if !l.Same {
			return l.N
		}
	}
	return 0
}

// answerLines splits a text into lines, without the final newline's empty
// line; an empty text has none.
func answerLines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
