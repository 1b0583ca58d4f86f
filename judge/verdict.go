package judge

import (
	"strconv"
)

// combine returns a submission's verdict and score from its case results: the
// first non-accepted verdict in case order, and the mean of the scores of the
// cases that count (judge_error cases do not). Every score is 0..100.
func Combine(results []CaseResult) (Verdict, float64) {
	verdict := Accepted
	sum, n := 0.0, 0
	for _, r := range results {
		if verdict == Accepted && r.Verdict != Accepted {
			verdict = r.Verdict
		}
		if r.Verdict == JudgeError {
			continue // judged again when the reference answer is there
		}
		sum += r.Score
		n++
	}
	if n == 0 {
		return verdict, 0
	}
	return verdict, sum / float64(n)
}

func itoa(n int) string { return strconv.Itoa(n) }

// Plural returns "1 move", "3 moves": a count and its noun, for messages.
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return itoa(n) + " " + noun + "s"
}

// NoReference is the result of a case whose expected answer is missing:
// a judge_error, judged again once the reference solve ends.
func NoReference() Result {
	return Result{Verdict: JudgeError}.With(M("no_reference"))
}
