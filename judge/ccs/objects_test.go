package ccs_test

import (
	"encoding/json"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/ccstest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/ccs"
)

func TestJudgementTypeOf(t *testing.T) {
	tests := []struct {
		v    judge.Verdict
		want string
	}{
		{judge.Accepted, "AC"}, {judge.WrongAnswer, "WA"}, {judge.TimeLimit, "TLE"}, {judge.RuntimeError, "RTE"},
		{judge.CompileError, "CE"}, {judge.MemoryLimit, "MLE"}, {judge.OutputLimit, "OLE"},
		{judge.Suboptimal, "WA"}, {judge.Invalid, "WA"}, {judge.NotSolved, "WA"}, {judge.JudgeError, "JE"}, {"", ""},
	}
	for _, tc := range tests {
		if got := ccs.JudgementTypeOf(tc.v); got != tc.want {
			t.Errorf("JudgementTypeOf(%q) = %q, want %q", tc.v, got, tc.want)
		}
	}
	// Every type given is one the contest lists, with the flags the
	// scoring asks for: penalty only on pass-fail, CE and JE without it.
	for _, scoring := range []judge.Scoring{judge.ScoringICPC, judge.ScoringIOI} {
		listed := map[string]ccs.JudgementType{}
		for _, jt := range ccs.JudgementTypes(scoring) {
			listed[jt.ID] = jt
		}
		for _, tc := range tests {
			if tc.want == "" {
				continue
			}
			jt, ok := listed[tc.want]
			if !ok {
				t.Errorf("%s: %s is not among the judgement types", scoring, tc.want)
				continue
			}
			if (jt.Penalty != nil) != (scoring == judge.ScoringICPC) {
				t.Errorf("%s: %s has penalty %v", scoring, jt.ID, jt.Penalty)
			}
			if jt.Penalty != nil && *jt.Penalty != (tc.want != "AC" && tc.want != "CE" && tc.want != "JE") {
				t.Errorf("%s: penalty %v", jt.ID, *jt.Penalty)
			}
			if jt.Solved != (tc.want == "AC") {
				t.Errorf("%s: solved %v", jt.ID, jt.Solved)
			}
		}
	}
}

func TestCCSRelTime(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "0:00:00.000"},
		{5 * time.Hour, "5:00:00.000"},
		{90*time.Minute + 1500*time.Millisecond, "1:30:01.500"},
		{-15*time.Minute - 32457*time.Millisecond, "-0:15:32.457"},
		{123 * time.Hour, "123:00:00.000"},
	}
	for _, tc := range tests {
		if got := ccs.CCSRelTime(tc.d); got != tc.want {
			t.Errorf("CCSRelTime(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
	if got := ccs.CCSTime(time.Date(2026, 12, 1, 10, 0, 0, 5e6, time.FixedZone("x", 3600))); got != "2026-12-01T09:00:00.005Z" {
		t.Errorf("CCSTime = %q", got)
	}
}

// schemaOf names the schema of one object of a type, and the mode it is
// checked in: clarifications carry to_team_ids, which the release's text
// defines and its schema (still to_team_id) does not, so they are checked
// with extra properties allowed (check-api.sh -p).
func schemaOf(typ string) (string, ccstest.Mode) {
	switch typ {
	case ccs.CCSContest, ccs.CCSState:
		return typ, ccstest.Strict
	case ccs.CCSJudgementTypes:
		return "judgement-type", ccstest.Strict
	case ccs.CCSClarifications:
		return "clarification", ccstest.Extra
	}
	return typ[:len(typ)-1], ccstest.Strict // problems -> problem
}

// contestFixture is a hand-worked ICPC contest: 5 hours from 10:00, frozen
// for the last hour (from 14:00). Alice (user 2, team 20 "Alpha" with
// Carol, user 4, of Alpha U) solves A at 0:30 after a wrong try, and tries
// B at 14:30 (under the freeze) and gets AC; Bob (user 3, team 30 "Beta")
// gets a compile error on A, then a rejudged submission on B. Team 40
// (Dave, user 5) is in the hidden group "observers" and solves A first.
func contestFixture(now time.Time, unfrozen bool) ccs.CCSInput {
	start := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	c := judge.Contest{ID: 7, Title: "Weekly 7", StartTime: start, Duration: 5 * time.Hour, Freeze: time.Hour,
		Scoring: judge.ScoringICPC, Public: true,
		Organizations: []judge.Organization{{ID: 8, Name: "Alpha U", FormalName: "University of Alpha", Country: "NLD"}, {ID: 9, Name: "Beta U"}},
		Groups:        []judge.ContestGroup{{ID: 5, Name: "observers", Hidden: true}, {ID: 6, Name: "undergraduate"}},
		Teams: []judge.ContestTeam{{ID: 20, Name: "Alpha", Members: []string{"alice", "carol"}, Organization: "Alpha U", Groups: []string{"undergraduate"}},
			{ID: 30, Name: "Beta", Members: []string{"bob"}, Organization: "Beta U", Groups: []string{"undergraduate"}},
			{ID: 40, Name: "Watch", Members: []string{"dave"}, Groups: []string{"observers"}}},
		Problems: []judge.ContestProblem{
			{ProblemID: 11, Slug: "floodit-small", Title: "Flood-it small", Label: "A"},
			{ProblemID: 12, Slug: "a-slug-that-is-far-too-long-for-an-api-identifier", Title: "Rotation", Label: "B"},
		}}
	if unfrozen {
		at := start.Add(5*time.Hour + 10*time.Minute)
		c.UnfrozenAt = &at
	}
	at := func(m int) time.Time { return start.Add(time.Duration(m) * time.Minute) }
	judged := func(m int) *time.Time { t := at(m); return &t }
	subs := []judge.CCSSubmission{
		{ID: 99, UserID: 5, ProblemID: 11, Language: "answer", CreatedAt: at(9), Status: judge.StatusDone, Verdict: judge.Accepted, Score: 100, JudgedAt: judged(9)},
		{ID: 100, UserID: 2, ProblemID: 11, Language: "answer", CreatedAt: at(10), Status: judge.StatusDone, Verdict: judge.WrongAnswer, JudgedAt: judged(11)},
		{ID: 101, UserID: 2, ProblemID: 11, Language: "cpp", CreatedAt: at(30), Status: judge.StatusDone, Verdict: judge.Accepted, Score: 100, JudgedAt: judged(31), CPUMs: 250},
		{ID: 102, UserID: 3, ProblemID: 11, Language: "java", CreatedAt: at(40), Status: judge.StatusDone, Verdict: judge.CompileError, JudgedAt: judged(41)},
		{ID: 103, UserID: 3, ProblemID: 12, Language: "moves", CreatedAt: at(50), Status: judge.StatusDone, Verdict: judge.Suboptimal, Score: 50, JudgedAt: judged(120),
			History: []judge.Judging{{Verdict: judge.Accepted, Score: 100, JudgedAt: judged(51), RejudgedAt: at(119), NewVerdict: judge.Suboptimal, NewScore: 50}}},
		{ID: 104, UserID: 2, ProblemID: 12, Language: "python3", CreatedAt: at(270), Status: judge.StatusDone, Verdict: judge.Accepted, Score: 100, JudgedAt: judged(271)},
		{ID: 105, UserID: 3, ProblemID: 12, Language: "moves", CreatedAt: at(280), Status: judge.StatusPending},
	}
	clars := []judge.Clarification{
		{ID: 1, ContestID: 7, FromUserID: 2, FromUsername: "alice", ProblemID: 11, Text: "Is the board square?", CreatedAt: at(5)},
		{ID: 2, ContestID: 7, ToUserID: 2, ToUsername: "alice", ReplyToID: 1, ProblemID: 11, Text: "Yes.", CreatedAt: at(6)},
		{ID: 3, ContestID: 7, FromUserID: 3, FromUsername: "bob", Text: "May I use C?", CreatedAt: at(7)},
		{ID: 4, ContestID: 7, ReplyToID: 3, Text: "Any language of the list.", CreatedAt: at(8)},
		{ID: 5, ContestID: 7, Text: "One hour left.", CreatedAt: at(240)},
	}
	var cs []judge.ContestSubmission
	for _, s := range subs {
		cs = append(cs, judge.ContestSubmission{ID: s.ID, UserID: s.UserID, Username: map[int64]string{2: "alice", 3: "bob", 5: "dave"}[s.UserID],
			ProblemID: s.ProblemID, CreatedAt: s.CreatedAt, Status: s.Status, Verdict: s.Verdict, Score: s.Score})
	}
	return ccs.CCSInput{
		Contest: c, Now: now,
		Problems:  []ccs.CCSProblemFacts{{Cases: 3, Programs: true, Limits: judge.Limits{TimeLimit: 1.5, MemoryMiB: 256}}, {Cases: 2}},
		Languages: []ccs.CCSLanguage{{ID: "answer", Name: "Answer text"}, {ID: "moves", Name: "Move text"}, {ID: "cpp", Name: "C++", Extensions: []string{".cpp"}}, {ID: "java", Name: "Java", Extensions: []string{".java"}, EntryPoint: "Main class"}, {ID: "python3", Name: "Python 3", Extensions: []string{".py"}}},
		Teams: []ccs.CCSTeam{
			{Key: 20, Name: "Alpha", Organization: "Alpha U", Groups: []string{"undergraduate"}, Members: []ccs.CCSAccount{{UserID: 2, Username: "alice", TeamKey: 20}, {UserID: 4, Username: "carol", TeamKey: 20}}},
			{Key: 30, Name: "Beta", Organization: "Beta U", Groups: []string{"undergraduate"}, Members: []ccs.CCSAccount{{UserID: 3, Username: "bob", TeamKey: 30}}},
			{Key: 40, Name: "Watch", Groups: []string{"observers"}, Hidden: true, Members: []ccs.CCSAccount{{UserID: 5, Username: "dave", TeamKey: 40}}}},
		Keys:     map[int64]int64{2: 20, 4: 20, 3: 30, 5: 40},
		Accounts: []ccs.CCSAccount{{UserID: 1, Username: "jury", Jury: true}, {UserID: 2, Username: "alice", TeamKey: 20}, {UserID: 3, Username: "bob", TeamKey: 30}, {UserID: 4, Username: "carol", TeamKey: 20}, {UserID: 5, Username: "dave", TeamKey: 40}},
		Runs: map[int64][]judge.CCSRun{101: {{Position: 1, Verdict: judge.Accepted, CPUMs: 120}, {Position: 2, Verdict: judge.Accepted, CPUMs: 250}},
			104: {{Position: 1, Verdict: judge.Accepted}}, 99: {{Position: 1, Verdict: judge.Accepted}}, 100: {{Position: 1, Verdict: judge.WrongAnswer}}},
		Submissions: subs, Clarifications: clars,
		Live:   judge.UnfrozenPublicBoard(c, cs, now),
		Frozen: judge.ComputeBoard(c, cs, now, false),
	}
}

var (
	juryView   = ccs.CCSView{Jury: true}
	aliceView  = ccs.CCSView{Team: 20}
	carolView  = ccs.CCSView{Team: 20}
	bobView    = ccs.CCSView{Team: 30}
	publicView = ccs.CCSView{}
	daveView   = ccs.CCSView{Team: 40}
)

func TestCCSObjectsMatchTheSchemas(t *testing.T) {
	start := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name     string
		now      time.Time
		unfrozen bool
	}{
		{"before the start", start.Add(-time.Hour), false},
		{"running", start.Add(2 * time.Hour), false},
		{"frozen", start.Add(4*time.Hour + 45*time.Minute), false},
		{"ended, frozen", start.Add(6 * time.Hour), false},
		{"unfrozen", start.Add(6 * time.Hour), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			objs := ccs.CCSObjects(contestFixture(tc.now, tc.unfrozen))
			for _, view := range []ccs.CCSView{juryView, aliceView, bobView, publicView, daveView} {
				seen := map[string]bool{}
				for _, o := range view.Visible(objs) {
					if seen[o.Type+"/"+o.ID] {
						t.Errorf("view %+v reads %s/%s twice", view, o.Type, o.ID)
					}
					seen[o.Type+"/"+o.ID] = true
					schema, mode := schemaOf(o.Type)
					ccstest.Check(t, mode, schema, o.Data)
				}
			}
		})
	}
}

// find returns the data of type/id the view reads, nil when it reads none.
func find(objs []ccs.CCSObject, view ccs.CCSView, typ, id string) map[string]any {
	for _, o := range view.Visible(objs) {
		if o.Type == typ && o.ID == id {
			var m map[string]any
			if err := json.Unmarshal(o.Data, &m); err != nil {
				panic(err)
			}
			return m
		}
	}
	return nil
}

func TestCCSObjectsFreezeAndPrivacy(t *testing.T) {
	start := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	frozen := ccs.CCSObjects(contestFixture(start.Add(6*time.Hour), false))
	thawed := ccs.CCSObjects(contestFixture(start.Add(6*time.Hour), true))
	before := ccs.CCSObjects(contestFixture(start.Add(-time.Minute), false))
	tests := []struct {
		name     string
		objs     []ccs.CCSObject
		typ, id  string
		view     ccs.CCSView
		visible  bool
		property string // when visible: a property to check
		want     any
	}{
		// Alice's AC at 4:30 is under the freeze: hers and the jury's.
		{"frozen judgement, jury", frozen, "judgements", "104", juryView, true, "judgement_type_id", "AC"},
		{"frozen judgement, owner", frozen, "judgements", "104", aliceView, true, "judgement_type_id", "AC"},
		{"frozen judgement, other team", frozen, "judgements", "104", bobView, false, "", nil},
		{"frozen judgement, public", frozen, "judgements", "104", publicView, false, "", nil},
		{"frozen submission, public", frozen, "submissions", "104", publicView, true, "problem_id", "p12"},
		{"judgement before the freeze, public", frozen, "judgements", "101", publicView, true, "max_run_time", 0.25},
		{"thawed judgement, public", thawed, "judgements", "104", publicView, true, "judgement_type_id", "AC"},
		// The rejudge: the first judgement stays, no longer current.
		{"rejudged, old", frozen, "judgements", "103", publicView, true, "current", false},
		{"rejudged, new", frozen, "judgements", "103-2", publicView, true, "judgement_type_id", "WA"},
		{"pending, no judgement", frozen, "judgements", "105", juryView, false, "", nil},
		// Clarifications.
		{"question, asker", frozen, "clarifications", "1", aliceView, true, "from_team_id", "20"},
		{"question, asker's teammate", frozen, "clarifications", "1", carolView, true, "from_team_id", "20"},
		{"frozen judgement, owner's teammate", frozen, "judgements", "104", carolView, true, "judgement_type_id", "AC"},
		{"submission's team", frozen, "submissions", "100", publicView, true, "team_id", "20"},
		// Teams, organizations, groups: everyone's, but a hidden group
		// and its teams, with their submissions, judgements and runs:
		// the jury's and the team's own (a hidden team says hidden).
		{"team", frozen, "teams", "20", publicView, true, "organization_id", "8"},
		{"team's groups", frozen, "teams", "20", publicView, true, "group_ids", []any{"6"}},
		{"hidden team, public", frozen, "teams", "40", publicView, false, "", nil},
		{"hidden team, other team", frozen, "teams", "40", bobView, false, "", nil},
		{"hidden team, jury", frozen, "teams", "40", juryView, true, "hidden", true},
		{"hidden team, itself", frozen, "teams", "40", daveView, true, "group_ids", []any{"5"}},
		{"hidden team's submission, public", frozen, "submissions", "99", publicView, false, "", nil},
		{"hidden team's submission, jury", frozen, "submissions", "99", juryView, true, "team_id", "40"},
		{"hidden team's submission, itself", frozen, "submissions", "99", daveView, true, "team_id", "40"},
		{"hidden team's judgement, other team", frozen, "judgements", "99", aliceView, false, "", nil},
		{"hidden team's judgement, itself", frozen, "judgements", "99", daveView, true, "judgement_type_id", "AC"},
		{"hidden team's run, public", thawed, "runs", "99.1", publicView, false, "", nil},
		{"hidden team's run, jury", thawed, "runs", "99.1", juryView, true, "judgement_id", "99"},
		{"organization", frozen, "organizations", "8", publicView, true, "country", "NLD"},
		{"organization without a formal name", frozen, "organizations", "9", publicView, true, "formal_name", "Beta U"},
		{"group", frozen, "groups", "6", publicView, true, "name", "undergraduate"},
		{"hidden group, public", frozen, "groups", "5", publicView, false, "", nil},
		{"hidden group, other team", frozen, "groups", "5", aliceView, false, "", nil},
		{"hidden group, jury", frozen, "groups", "5", juryView, true, "name", "observers"},
		{"hidden group, its team", frozen, "groups", "5", daveView, true, "name", "observers"},
		// Persons and accounts: the team's and the jury's.
		{"person, jury", frozen, "persons", "4", juryView, true, "team_ids", []any{"20"}},
		{"person, teammate", frozen, "persons", "4", aliceView, true, "name", "carol"},
		{"person, other team", frozen, "persons", "4", bobView, false, "", nil},
		{"person, public", frozen, "persons", "4", publicView, false, "", nil},
		{"account, own team", frozen, "accounts", "2", carolView, true, "team_id", "20"},
		{"account, other team", frozen, "accounts", "2", bobView, false, "", nil},
		{"jury account, jury", frozen, "accounts", "1", juryView, true, "type", "admin"},
		{"jury account, team", frozen, "accounts", "1", aliceView, false, "", nil},
		// Runs: one per board of the current judgement, as it is read.
		{"run", frozen, "runs", "101.2", publicView, true, "run_time", 0.25},
		{"run's judgement", frozen, "runs", "101.1", publicView, true, "judgement_id", "101"},
		{"frozen run, public", frozen, "runs", "104.1", publicView, false, "", nil},
		{"frozen run, owner", frozen, "runs", "104.1", aliceView, true, "judgement_type_id", "AC"},
		{"wrong run", frozen, "runs", "100.1", publicView, true, "judgement_type_id", "WA"},
		// run_time is a number, never absent: an answer's 0, a program's
		// under a millisecond 0.
		{"an answer's run time", frozen, "runs", "100.1", publicView, true, "run_time", 0},
		{"a quick program's run time", thawed, "runs", "104.1", publicView, true, "run_time", 0},
		{"question, other", frozen, "clarifications", "1", bobView, false, "", nil},
		{"question, public", frozen, "clarifications", "1", publicView, false, "", nil},
		{"private answer, asker", frozen, "clarifications", "2", aliceView, true, "reply_to_id", "1"},
		{"private answer, other", frozen, "clarifications", "2", bobView, false, "", nil},
		{"answer to all, jury", frozen, "clarifications", "4", juryView, true, "reply_to_id", "3"},
		{"answer to all, other", frozen, "clarifications", "4", aliceView, true, "reply_to_id", nil},
		{"announcement, public", frozen, "clarifications", "5", publicView, true, "to_team_ids", nil},
		// Awards follow the board each reads: the public's frozen board
		// has no solve of B, the jury's has Alice's.
		{"first to solve B, jury", frozen, "awards", "first-to-solve-p12", juryView, true, "team_ids", []any{"20"}},
		// The hidden team solved A first, and wins nothing.
		{"first to solve A, jury", frozen, "awards", "first-to-solve-floodit-small", juryView, true, "team_ids", []any{"20"}},
		{"first to solve B, public", frozen, "awards", "first-to-solve-p12", publicView, true, "team_ids", []any{}},
		{"first to solve A, public", frozen, "awards", "first-to-solve-floodit-small", publicView, true, "team_ids", []any{"20"}},
		// Problems wait for the start, except for the jury.
		{"problem before the start, jury", before, "problems", "floodit-small", juryView, true, "time_limit", 1.5},
		{"problem before the start, team", before, "problems", "floodit-small", aliceView, false, "", nil},
		{"state, thawed", thawed, "state", "", publicView, true, "thawed", "2026-12-01T15:10:00.000Z"},
		{"state, frozen", frozen, "state", "", publicView, true, "thawed", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := find(tc.objs, tc.view, tc.typ, tc.id)
			if (m != nil) != tc.visible {
				t.Fatalf("%s/%s visible to %+v: %v, want %v", tc.typ, tc.id, tc.view, m != nil, tc.visible)
			}
			if m == nil || tc.property == "" {
				return
			}
			got, _ := json.Marshal(m[tc.property])
			want, _ := json.Marshal(tc.want)
			if string(got) != string(want) {
				t.Errorf("%s/%s.%s = %s, want %s", tc.typ, tc.id, tc.property, got, want)
			}
		})
	}
}

// TestCCSObjectsCache: a build through the cache equals a build without
// it, also after a submission changed (a verdict, a rejudge) and after the
// freeze was lifted.
func TestCCSObjectsCache(t *testing.T) {
	start := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	cache := &ccs.CCSCache{}
	same := func(name string, in ccs.CCSInput) {
		t.Helper()
		plain := ccs.CCSObjects(in)
		in.Cache = cache
		cached := ccs.CCSObjects(in)
		if len(plain) != len(cached) {
			t.Fatalf("%s: %d objects cached, %d without", name, len(cached), len(plain))
		}
		for i := range plain {
			if plain[i].Key() != cached[i].Key() || string(plain[i].Data) != string(cached[i].Data) {
				t.Errorf("%s: object %d = %s %s, want %s %s", name, i, cached[i].Key(), cached[i].Data, plain[i].Key(), plain[i].Data)
			}
		}
	}
	in := contestFixture(start.Add(6*time.Hour), false)
	same("first", in)
	same("again", in)
	in.Submissions[6].Status, in.Submissions[6].Verdict = judge.StatusDone, judge.Accepted
	at := start.Add(5 * time.Hour)
	in.Submissions[6].JudgedAt = &at
	same("judged", in)
	in.Submissions[2].History = []judge.Judging{{Verdict: judge.Accepted, Score: 100, JudgedAt: in.Submissions[2].JudgedAt}}
	in.Submissions[2].Verdict = judge.TimeLimit
	same("rejudged", in)
	same("unfrozen", contestFixture(start.Add(6*time.Hour), true))
}
