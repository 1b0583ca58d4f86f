package judge

// UserResults is what a user's progress is computed from (Store.UserBests).
type UserResults struct {
	// Answers are the user's judged answer submissions.
	Answers []AnswerResult
	// Boards are the best case results of the user per problem, current
	// case and kind (judge_error results and deleted cases left out).
	Boards []BoardResult
}

// AnswerResult is one judged answer submission.
type AnswerResult struct {
	ProblemID    int64
	SubmissionID int64
	Verdict      Verdict
	Score        float64 // 0..100
}

// BoardResult is the best result of a user on one case with one kind of
// submission.
type BoardResult struct {
	ProblemID int64
	CaseID    int64
	Kind      Kind
	Best      float64 // 0..100
	// Last is the id of the latest such submission, to break ties.
	Last int64
	// Withheld reports moves that solved a board whose optimum is withheld
	// from the viewer (CanReadOptimum): Best then reads 0, whatever it is.
	Withheld bool
}

// Best is a user's best on a problem: the highest score (ties: the latest)
// among the answer submissions, and among the move submissions counted per
// board, as if they were one answer. Kind says which it is.
type Best struct {
	Verdict      Verdict
	Score        float64 // 0..100
	Kind         Kind
	SubmissionID int64 // KindAnswer: the submission; KindMoves: the latest move submission
	// Boards and Solved count the boards of a moves best: all boards, and
	// those solved by moves (optimally, or at all where the optimum is
	// withheld from the viewer, see BoardSolved); Withheld counts these.
	Boards, Solved, Withheld int
}

// BoardStatus is a user's standing on one board of a problem.
type BoardStatus string

// The board statuses: accepted (solved optimally by some submission),
// suboptimal (solved, not optimally), tried (submitted, never solved),
// untried; and BoardSolved.
const (
	BoardAccepted   BoardStatus = "accepted"
	BoardSuboptimal BoardStatus = "suboptimal"
	BoardTried      BoardStatus = "tried"
	BoardUntried    BoardStatus = "untried"
)

// BoardSolved is the status of a board solved by moves whose optimum is
// withheld from the viewer (CanReadOptimum): optimally or not, it does not
// say.
const BoardSolved BoardStatus = "solved"

// BoardProgress is a board with a user's standing on it.
type BoardProgress struct {
	Case   Case
	Status BoardStatus
	Score  float64 // 0..100, the best over answers and moves
}
