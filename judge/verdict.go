package judge

import (
	"fmt"
	"strconv"

	"puzzlejudge/reference/textin"
)

// combine returns a submission's verdict and score from its case results: the
// first non-accepted verdict in case order, and the mean of the scores of the
// cases that count (judge_error cases do not). Every score is 0..100.
func combine(results []CaseResult) (Verdict, float64) {
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

// movesResult judges a replay that read every move legally: accepted (100)
// at the optimum, suboptimal (100 * optimum/used) above it.
func movesResult(solved bool, used, optimal int, unsolvedMsg string) Result {
	switch {
	case !solved:
		return Result{Verdict: NotSolved, Message: unsolvedMsg, Used: used}
	case used == optimal:
		return Result{Verdict: Accepted, Message: Plural(used, "move") + ", optimal", Used: used, Optimal: optimal, Score: 100}
	case used > optimal:
		return Result{
			Verdict: Suboptimal, Used: used, Optimal: optimal, Score: 100 * float64(optimal) / float64(used),
			Message: Plural(used, "move") + ", the optimum is " + itoa(optimal),
		}
	default:
		return referenceDisagrees()
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// Plural returns "1 move", "3 moves": a count and its noun, for messages.
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return itoa(n) + " " + noun + "s"
}

// allLegal says that the n moves of a text are legal: "all 3 moves are
// legal", but "the 1 move is legal".
func allLegal(n int) string {
	if n == 1 {
		return "the 1 move is legal"
	}
	return "all " + Plural(n, "move") + " are legal"
}

// badMove is the message of an invalid move: its index, token and reason.
func badMove(index int, token, reason string) string {
	return fmt.Sprintf("move %d (%s): %s", index, textin.Quote(token), reason)
}

// brokenCase is the result when a stored case no longer parses (an engine
// changed its format): the judge's fault, not the student's.
func brokenCase(err error) Result {
	return Result{Verdict: JudgeError, Message: "the stored case cannot be read by the engine: " + err.Error()}
}

// parseError converts an engine parse error into an EINVALID error that keeps
// its line and column.
func parseError(err error) error {
	return Errorf(EINVALID, "%s", err.Error())
}
