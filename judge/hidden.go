package judge

// Hidden boards (issue 32, "hidden means hidden"): a program's run on a
// hidden board tells a student its verdict, CPU time, wall time and memory,
// and a message from the fixed catalogue below, nothing else. The checkers'
// messages quote the output they judge ("expected one integer on the
// line, found also ..."), and a program's output may be its input: a
// program that packed its stdin into CJK characters and printed "0 " and
// them read every hidden board of a problem back from one submission's
// messages. Exit statuses and signals carry bits the same way, and so does
// the number of moves a checker read from the output (Used). Samples keep
// their full messages, and instructors read every message.

// hiddenMessages is the catalogue of a run's messages on a hidden board, by
// verdict; a verdict missing here reads hidden_board.
var hiddenMessages = map[Verdict]MessageID{
	Accepted:     "correct",
	WrongAnswer:  "hidden_wrong_answer",
	Invalid:      "hidden_invalid",
	TimeLimit:    "hidden_time_limit",
	MemoryLimit:  "hidden_memory_limit",
	OutputLimit:  "hidden_output_limit",
	RuntimeError: "hidden_runtime_error",
	JudgeError:   "hidden_judge_error",
}

// judgeOwnMessages are the messages of a judge_error that the judge says on
// its own, without a word of the program's: kept on a hidden board, since
// "judged again" is worth knowing.
var judgeOwnMessages = map[string]bool{
	"no_reference": true, "reference_failed": true, "case_removed": true,
	"internal_error": true, "program_sandbox_failed": true,
}

// HideRunDetails returns r, a program's result on a hidden board, as a
// student reads it: its verdict, score and figures, and the catalogue's
// message of its verdict; no moves used, no optimum.
func HideRunDetails(r CaseResult) CaseResult {
	if r.Verdict == JudgeError && judgeOwnMessages[r.MessageID] && r.MessageArgs == "" {
		r.Used, r.Optimal = 0, 0
		return r
	}
	id, ok := hiddenMessages[r.Verdict]
	if !ok {
		id = "hidden_board"
	}
	r = r.With(M(id))
	r.Used, r.Optimal = 0, 0
	return r
}
