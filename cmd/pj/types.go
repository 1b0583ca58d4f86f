package main

import "puzzlejudge/web/wire"

// The API's JSON as pj reads it. Here: only the fields pj shows or needs of
// the objects it alone reads. The objects pj prints in full (a submission,
// a run, a clarification, a token, a contest, a similarity report) are the
// server's own types from web/wire, which links neither gin nor gorm, so
// that the two cannot drift.

// tokenAnswer is the answer of POST /tokens.
type tokenAnswer = wire.Token

type problemSummary struct {
	Slug   string `json:"slug"`
	Title  string `json:"title"`
	Puzzle string `json:"puzzle"`
	Cases  int    `json:"cases"`
}

type problem struct {
	Slug      string `json:"slug"`
	Title     string `json:"title"`
	Puzzle    string `json:"puzzle"`
	Checker   string `json:"checker"`
	Statement string `json:"statement"`
	Limits    struct {
		MaxSize   int `json:"max_size"`
		MaxColors int `json:"max_colors"`
		MaxMoves  int `json:"max_moves"`
	} `json:"limits"`
	Samples []struct {
		ID     int64  `json:"id"`
		Name   string `json:"name"`
		Input  string `json:"input"`
		Output string `json:"output"`
	} `json:"samples"`
	Cases []problemCase `json:"cases"`
}

type problemCase struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Sample   bool   `json:"sample"`
	Position int    `json:"position"`
	Status   string `json:"status"`
}

type created struct {
	ID     int64  `json:"id"`
	Status string `json:"status"`
	Name   string `json:"name"`
}

// submission is a submission as the server writes it.
type submission = wire.Submission

// checkAnswer is the answer of POST /check.
type checkAnswer = wire.Check

// Verdicts and statuses pj acts on.
const (
	verdictAccepted   = "accepted"
	verdictJudgeError = "judge_error"
	statusDone        = "done"
)

// verdictError turns a verdict into the command's outcome: nil for
// accepted; a judge error is the server's trouble (exit 3), any other
// verdict a rejection (exit 1).
func verdictError(verdict string) error {
	switch verdict {
	case verdictAccepted:
		return nil
	case verdictJudgeError:
		return &apiError{Status: 500, Code: verdictJudgeError, Message: "the judge could not decide (no reference answer yet); try again later"}
	default:
		return &rejectedError{verdict: verdict}
	}
}
