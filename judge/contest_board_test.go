package judge

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

var contestStart = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

// at is a contest time "h:mm:ss" after contestStart.
func at(t *testing.T, hms string) time.Time {
	t.Helper()
	d, err := ParseContestDuration(hms)
	if err != nil {
		t.Fatal(err)
	}
	return contestStart.Add(d)
}

// sub is one submission of a hand-worked contest: "user label h:mm:ss
// verdict", where verdict "pending" is one not judged yet and a number is
// an IOI score with its verdict accepted at 100, wrong_answer below.
func subs(t *testing.T, c Contest, lines ...string) []ContestSubmission {
	t.Helper()
	users := map[string]int64{}
	var out []ContestSubmission
	for i, l := range lines {
		f := strings.Fields(l)
		if len(f) != 4 {
			t.Fatalf("bad line %q", l)
		}
		if users[f[0]] == 0 {
			users[f[0]] = int64(len(users) + 1)
		}
		var pid int64
		for _, p := range c.Problems {
			if p.Label == f[1] {
				pid = p.ProblemID
			}
		}
		s := ContestSubmission{ID: int64(i + 1), UserID: users[f[0]], Username: f[0], ProblemID: pid, CreatedAt: at(t, f[2]), Status: StatusDone}
		var score float64
		switch _, err := fmt.Sscan(f[3], &score); {
		case f[3] == "pending":
			s.Status = StatusPending
		case err == nil:
			s.Score, s.Verdict = score, WrongAnswer
			if score == 100 {
				s.Verdict = Accepted
			}
		default:
			s.Verdict = Verdict(f[3])
			if s.Verdict == Accepted {
				s.Score = 100
			}
		}
		out = append(out, s)
	}
	return out
}

// boardText writes a board one row a line: "rank user solved penalty
// score | cells", a cell "A+2@25*" (solved on the 2nd try at minute 25,
// first to solve), "B-1" (one rejected try), "?2" for two pending, "=50"
// for an IOI score.
func boardText(b Scoreboard) string {
	var sb strings.Builder
	if b.Frozen {
		sb.WriteString("frozen\n")
	}
	for _, r := range b.Rows {
		fmt.Fprintf(&sb, "%d %s %d %d %g |", r.Rank, r.User, r.Solved, r.Penalty, r.Score)
		for _, p := range r.Problems {
			sign := "-"
			if p.Solved {
				sign = "+"
			}
			fmt.Fprintf(&sb, " %s%s%d", p.Label, sign, p.Tries)
			if p.Solved || p.Score > 0 {
				fmt.Fprintf(&sb, "@%d", p.Minutes)
			}
			if p.Score != 0 && p.Score != 1 {
				fmt.Fprintf(&sb, "=%g", p.Score)
			}
			if p.Pending > 0 {
				fmt.Fprintf(&sb, "?%d", p.Pending)
			}
			if p.First {
				sb.WriteString("*")
			}
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

func twoProblems(scoring Scoring, freeze time.Duration) Contest {
	return Contest{ID: 1, Title: "weekly", StartTime: contestStart, Duration: 5 * time.Hour, Freeze: freeze, Scoring: scoring, Everyone: true,
		Problems: []ContestProblem{{ProblemID: 11, Label: "A"}, {ProblemID: 12, Label: "B"}}}
}

// icpcDay is a hand-worked ICPC contest: penalties, compile and judge
// errors, the exact end second, first to solve.
var icpcDay = []string{
	"alice A 0:10:30 wrong_answer",  // try 1 of A, minute 10
	"alice A 0:12:00 compile_error", // not a try
	"alice A 0:25:59 accepted",      // minute 25: 25 + 20
	"alice B 1:00:00 accepted",      // 60
	"alice B 1:10:00 wrong_answer",  // after the solve: nothing
	"bob A 0:20:00 accepted",        // first on A
	"bob B 0:30:00 wrong_answer",
	"bob B 0:40:00 time_limit",
	"bob B 1:05:00 accepted", // 65 + 40
	"carol A 4:59:59 accepted",
	"carol B 5:00:00 accepted", // the end second: too late
	"dave A 0:05:00 judge_error",
	"dave A 0:45:00 accepted",
	"dave B 0:50:00 accepted", // first on B
}

func TestComputeBoard(t *testing.T) {
	tie := twoProblems(ScoringICPC, 0)
	tie.Everyone, tie.Participants = false, []string{"erin", "frank", "gina", "hank"}
	unfrozen := twoProblems(ScoringICPC, time.Hour)
	thawed := contestStart.Add(6 * time.Hour)
	unfrozen.UnfrozenAt = &thawed
	freeze := []string{
		"alice A 3:00:00 accepted",
		"alice B 4:10:00 wrong_answer", // after the freeze at 4:00
		"alice B 4:20:00 accepted",
		"bob A 3:59:59 wrong_answer", // the last second before it
		"bob A 4:30:00 accepted",
	}
	tests := []struct {
		name    string
		contest Contest
		subs    []string
		now     string
		live    bool
		want    string
	}{
		{"icpc penalties and end second", twoProblems(ScoringICPC, 0), icpcDay, "5:30:00", false, "" +
			"1 dave 2 95 2 | A+1@45 B+1@50*\n" +
			"2 alice 2 105 2 | A+2@25 B+1@60\n" +
			"3 bob 2 125 2 | A+1@20* B+3@65\n" +
			"4 carol 1 299 1 | A+1@299 B-0\n"},
		{"rejudge of the first solve", twoProblems(ScoringICPC, 0),
			append(append([]string{}, icpcDay[:5]...), append([]string{"bob A 0:20:00 wrong_answer"}, icpcDay[6:]...)...), "5:30:00", false, "" +
				"1 dave 2 95 2 | A+1@45 B+1@50*\n" +
				"2 alice 2 105 2 | A+2@25* B+1@60\n" +
				"3 bob 1 105 1 | A-1 B+3@65\n" +
				"4 carol 1 299 1 | A+1@299 B-0\n"},
		{"ties: last accepted, then shared", tie, []string{
			"erin A 0:10:00 accepted", "erin B 0:50:00 accepted", // 60, last at 50
			"frank A 0:30:00 accepted", "frank B 0:30:00 accepted", // 60, last at 30
			"gina B 0:30:00 accepted", "gina A 0:30:00 accepted", // the same as frank
		}, "5:30:00", false, "" +
			"1 frank 2 60 2 | A+1@30 B+1@30*\n" +
			"1 gina 2 60 2 | A+1@30 B+1@30*\n" +
			"3 erin 2 60 2 | A+1@10* B+1@50\n" +
			"4 hank 0 0 0 | A-0 B-0\n"},
		{"pending while running", twoProblems(ScoringICPC, 0), []string{
			"alice A 0:10:00 wrong_answer", "alice A 0:11:00 pending", "bob B 0:12:00 pending",
		}, "0:15:00", false, "" +
			"1 alice 0 0 0 | A-1?1 B-0\n" +
			"1 bob 0 0 0 | A-0 B-0?1\n"},
		{"freeze: the public", twoProblems(ScoringICPC, time.Hour), freeze, "4:45:00", false, "frozen\n" +
			"1 alice 1 180 1 | A+1@180* B-0?2\n" +
			"2 bob 0 0 0 | A-1?1 B-0\n"},
		{"freeze: the jury", twoProblems(ScoringICPC, time.Hour), freeze, "4:45:00", true, "" +
			"1 alice 2 460 2 | A+1@180* B+2@260*\n" +
			"2 bob 1 290 1 | A+2@270 B-0\n"},
		{"freeze holds after the end", twoProblems(ScoringICPC, time.Hour), freeze, "7:00:00", false, "frozen\n" +
			"1 alice 1 180 1 | A+1@180* B-0?2\n" +
			"2 bob 0 0 0 | A-1?1 B-0\n"},
		{"before the freeze", twoProblems(ScoringICPC, time.Hour), freeze[:1], "3:59:59", false, "" +
			"1 alice 1 180 1 | A+1@180* B-0\n"},
		{"unfrozen", unfrozen, freeze, "7:00:00", false, "" +
			"1 alice 2 460 2 | A+1@180* B+2@260*\n" +
			"2 bob 1 290 1 | A+2@270 B-0\n"},
		{"ioi best scores", twoProblems(ScoringIOI, 0), []string{
			"alice A 0:10:00 50", "alice A 0:40:00 100", "alice B 0:20:00 30", "alice B 0:25:00 compile_error", "alice B 0:30:00 20",
			"bob A 0:30:00 100", "bob B 0:35:00 60",
			"carol A 0:05:00 65", "carol B 0:06:00 65",
		}, "5:30:00", false, "" +
			"1 bob 1 0 160 | A+1@30=100* B-1@35=60\n" +
			"2 alice 1 0 130 | A+2@40=100 B-2@20=30\n" +
			"2 carol 0 0 130 | A-1@5=65 B-1@6=65\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := boardText(ComputeBoard(tc.contest, subs(t, tc.contest, tc.subs...), at(t, tc.now), tc.live))
			if got != tc.want {
				t.Errorf("board:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

func TestContestClock(t *testing.T) {
	c := twoProblems(ScoringICPC, time.Hour)
	tests := []struct {
		at                     string
		running, ended, frozen bool
		minutes                int
	}{
		{"0:00:00", true, false, false, 0},
		{"0:00:59", true, false, false, 0},
		{"3:59:59", true, false, false, 239},
		{"4:00:00", true, false, true, 240},
		{"4:59:59", true, false, true, 299},
		{"5:00:00", false, true, true, 300},
	}
	for _, tc := range tests {
		now := at(t, tc.at)
		if c.Running(now) != tc.running || c.Ended(now) != tc.ended || c.Frozen(now) != tc.frozen || c.Minutes(now) != tc.minutes {
			t.Errorf("at %s: running %v ended %v frozen %v minutes %d, want %v %v %v %d", tc.at,
				c.Running(now), c.Ended(now), c.Frozen(now), c.Minutes(now), tc.running, tc.ended, tc.frozen, tc.minutes)
		}
	}
	if before := contestStart.Add(-time.Second); c.Running(before) || c.Started(before) {
		t.Errorf("running a second before the start")
	}
}

func TestContestRules(t *testing.T) {
	c := twoProblems(ScoringICPC, 0)
	c.Everyone, c.Participants, c.RegistrationCode = false, []string{"alice"}, "join-me"
	alice := User{ID: 1, Username: "alice", Role: RoleStudent}
	bob := User{ID: 2, Username: "bob", Role: RoleStudent}
	jury := User{ID: 3, Username: "jury", Role: RoleInstructor}
	before, during := contestStart.Add(-time.Minute), contestStart.Add(time.Minute)
	if !CanSubmitInContest(alice, c, during) || CanSubmitInContest(alice, c, before) || CanSubmitInContest(bob, c, during) {
		t.Error("CanSubmitInContest: alice during only")
	}
	if CanSeeBoard(bob, c) || !CanSeeBoard(alice, c) || !CanSeeBoard(jury, c) || CanSeeBoard(User{}, c) {
		t.Error("CanSeeBoard of a private board: alice and the jury only")
	}
	c.Public = true
	if !CanSeeBoard(User{}, c) {
		t.Error("a public board hidden from the anonymous visitor")
	}
	got := ContestFor(alice, c, before)
	if got.Problems != nil || got.Participants != nil || got.RegistrationCode != "" {
		t.Errorf("ContestFor(alice, before the start) = %+v, want no problems, participants or code", got)
	}
	if got := ContestFor(jury, c, before); len(got.Problems) != 2 || got.RegistrationCode != "join-me" {
		t.Errorf("ContestFor(jury) = %+v, want everything", got)
	}
	if !CanJoinContest(bob, c) || CanJoinContest(User{}, c) {
		t.Error("CanJoinContest: a logged-in user, with a code")
	}
}
