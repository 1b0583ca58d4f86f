// Package ccs builds the objects of the ICPC Contest API
// (github.com/icpc/ccs-specs, release 2026-01), the read-only face of a
// contest under /api/ccs that the ICPC tools (the resolver, the CDS,
// scoreboard displays) read. They exist for that transport, so they live
// beside the domain (judge), not in it. This file holds the API's
// vocabulary: the release, the judgement types and how this judge's
// verdicts map to them, and the API's time formats and ids; objects.go
// builds its objects, view.go says who reads which.
package ccs

import (
	"strconv"
	"time"

	"puzzlejudge/judge"
)

// CCSVersion is the release of the Contest API served.
const CCSVersion = "2026-01"

// CCSVersionURL documents CCSVersion.
const CCSVersionURL = "https://ccs-specs.icpc.io/2026-01/contest_api"

// JudgementType is one of the Contest API's judgement types.
type JudgementType struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Penalty is set only on pass-fail (ICPC) contests, where it means
	// the try adds PenaltyMinutes: the API requires it exactly when the
	// contest has a penalty_time.
	Penalty *bool `json:"penalty,omitempty"`
	Solved  bool  `json:"solved"`
}

// judgementTypes are the types this judge gives, in the order the API
// lists them, with whether they cost penalty time and solve.
var judgementTypes = []struct {
	id, name        string
	penalty, solved bool
}{
	{"AC", "Accepted", false, true},
	{"WA", "Wrong Answer", true, false},
	{"TLE", "Time Limit Exceeded", true, false},
	{"RTE", "Run-Time Error", true, false},
	{"MLE", "Memory Limit Exceeded", true, false},
	{"OLE", "Output Limit Exceeded", true, false},
	{"CE", "Compile Error", false, false},
	{"JE", "Judging Error", false, false},
}

// JudgementTypes returns the judgement types of a contest scored with
// scoring.
func JudgementTypes(scoring judge.Scoring) []JudgementType {
	out := make([]JudgementType, len(judgementTypes))
	for i, t := range judgementTypes {
		out[i] = JudgementType{ID: t.id, Name: t.name, Solved: t.solved}
		if scoring != judge.ScoringIOI {
			p := t.penalty
			out[i].Penalty = &p
		}
	}
	return out
}

// JudgementTypeOf maps a verdict to its judgement type id. The programs'
// verdicts have their own types; the puzzles' other verdicts are all WA:
// suboptimal (the moves solve the board, with more moves than the
// optimum), not_solved (legal moves that leave it unsolved) and invalid
// (malformed text or an illegal move) are outputs that are not correct,
// which is what WA says, and none of the API's finer types (PE: correct
// data, wrong format; IO: part of a correct output) describes them
// exactly. A suboptimal answer keeps its partial credit as the judgement's
// score in a score (IOI) contest. judge_error is JE: the judge's fault,
// no penalty, judged again. "" (not judged) has no type.
func JudgementTypeOf(v judge.Verdict) string {
	switch v {
	case judge.Accepted:
		return "AC"
	case judge.WrongAnswer, judge.Suboptimal, judge.NotSolved, judge.Invalid:
		return "WA"
	case judge.TimeLimit:
		return "TLE"
	case judge.RuntimeError:
		return "RTE"
	case judge.MemoryLimit:
		return "MLE"
	case judge.OutputLimit:
		return "OLE"
	case judge.CompileError:
		return "CE"
	case judge.JudgeError:
		return "JE"
	}
	return ""
}

// CCSTime formats an absolute time as the API's TIME: UTC, with
// milliseconds always (the API wants one precision throughout).
func CCSTime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

// CCSRelTime formats a duration as the API's RELTIME, (-)h:mm:ss.uuu.
func CCSRelTime(d time.Duration) string {
	var b [32]byte
	out := b[:0]
	ms := d.Milliseconds()
	if ms < 0 {
		out, ms = append(out, '-'), -ms
	}
	out = strconv.AppendInt(out, ms/3600000, 10)
	two := func(n int64) { out = append(out, ':', byte('0'+n/10), byte('0'+n%10)) }
	two(ms / 60000 % 60)
	two(ms / 1000 % 60)
	f := ms % 1000
	out = append(out, '.', byte('0'+f/100), byte('0'+f/10%10), byte('0'+f%10))
	return string(out)
}

// CCSMinutes formats whole minutes as a RELTIME (a board's penalty and
// solve times are counted in minutes).
func CCSMinutes(m int) string { return CCSRelTime(time.Duration(m) * time.Minute) }

// ccsID is a number as an API identifier.
func ccsID(n int64) string { return strconv.FormatInt(n, 10) }

// CCSTeamID is the API id of the team whose key is k (judge.BoardKey): a
// team's id, or, for a user in no team of the contest (one the jury took
// out of every team after they submitted), "u" and the user's id.
func CCSTeamID(k int64) string {
	if k < 0 {
		return "u" + ccsID(-k)
	}
	return ccsID(k)
}

// CCSContestID is the API id of contest id.
func CCSContestID(id int64) string { return ccsID(id) }

// ParseCCSContestID reads a contest id of the API.
func ParseCCSContestID(s string) (int64, bool) {
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && n > 0 && strconv.FormatInt(n, 10) == s
}

// CCSProblemID is the API id of a contest problem: its slug when the slug
// is an API identifier (at most 36 characters of [A-Za-z0-9_.-], not
// starting with '-' or '.', not ending with '.'), else "p" and the id.
func CCSProblemID(p judge.ContestProblem) string {
	if ccsIdentifier(p.Slug) {
		return p.Slug
	}
	return "p" + ccsID(p.ProblemID)
}

func ccsIdentifier(s string) bool {
	if s == "" || len(s) > 36 || s[0] == '-' || s[0] == '.' || s[len(s)-1] == '.' {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.') {
			return false
		}
	}
	return true
}
