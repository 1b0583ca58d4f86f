package judge

import (
	"slices"
	"time"
)

// The optimum of a hidden board of a problem graded by answers is that
// board's answer (Flood-it's expected output is the optimum itself), so the
// verdict of moves on such a board must not say it: "60 moves, the optimum
// is 16", or a score of 100 x 16 / 60, gave every hidden answer away to
// eleven greedy move submissions. Until it may be read (CanReadOptimum),
// such a verdict says only whether the moves solved the board: accepted and
// suboptimal both read as Solved, without the optimum and with a score of 0.
// Every face reads submissions, standings and grades through the service,
// which applies the rule here before it returns them.

// Solved is the verdict a viewer reads for moves that finish a hidden board
// whose optimum is withheld from them (see CanReadOptimum): accepted or
// suboptimal, which it does not say. It is never stored, so it is not in
// Verdicts.
const Solved Verdict = "solved"

// OptimaShown reports whether the optima of p's hidden boards may be shown
// to students at now, given every assignment there is: once p is in one and
// every assignment p is in has closed (CloseAt, the end of the late period,
// since a late submission still counts). A problem in no assignment never
// shows them: it may be put in one at any time, and its answers are graded
// whenever it is.
func OptimaShown(p Problem, assignments []Assignment, now time.Time) bool {
	in := false
	for _, a := range assignments {
		if !slices.ContainsFunc(a.Problems, func(ap AssignmentProblem) bool { return ap.ProblemID == p.ID }) {
			continue
		}
		if !now.After(a.CloseAt()) {
			return false
		}
		in = true
	}
	return in
}

// WithheldMessage is the message of a Solved result.
func WithheldMessage(used int) string {
	return M("withheld", "Count", used).Text()
}

// WithholdVerdict returns a verdict and score of moves on a board whose
// optimum is withheld: Solved and 0 for accepted and suboptimal, the others
// as they are (they say nothing of the optimum).
func WithholdVerdict(verdict Verdict, score float64) (Verdict, float64) {
	if verdict == Accepted || verdict == Suboptimal {
		return Solved, 0
	}
	return verdict, score
}

// WithholdResult returns r, the result of moves on a board whose optimum is
// withheld, without it: WithholdVerdict, no optimum, and a message that
// says only the moves it used.
func WithholdResult(r CaseResult) CaseResult {
	if v, s := WithholdVerdict(r.Verdict, r.Score); v != r.Verdict {
		// The message's id must not say the optimum either ("N moves,
		// optimal"): the pages render the id, not Message.
		r = r.With(M("withheld", "Count", r.Used))
		r.Verdict, r.Score = v, s
	}
	r.Optimal = 0
	return r
}

// WithholdSubmission returns sub, a moves submission on a board whose
// optimum is withheld from its viewer, without it: its verdict and score,
// its result and its earlier judgings as WithholdVerdict and
// WithholdResult make them.
func WithholdSubmission(sub Submission) Submission {
	sub.Verdict, sub.Score = WithholdVerdict(sub.Verdict, sub.Score)
	if sub.Results != nil {
		rs := make([]CaseResult, len(sub.Results))
		for i, r := range sub.Results {
			rs[i] = WithholdResult(r)
		}
		sub.Results = rs
	}
	if sub.History != nil {
		hs := make([]Judging, len(sub.History))
		for i, h := range sub.History {
			h.Verdict, h.Score = WithholdVerdict(h.Verdict, h.Score)
			h.NewVerdict, h.NewScore = WithholdVerdict(h.NewVerdict, h.NewScore)
			hs[i] = h
		}
		sub.History = hs
	}
	return sub
}
