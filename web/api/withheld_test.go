package api

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// TestWithheldOptimumAPI performs issue 24's item 2 through the API: greedy
// moves on a hidden board of a problem graded by answers must not tell a
// student the optimum (the board's answer) through the submission, the
// list and its verdict filter, the replay, the problem's progress or the
// assignment's, until the assignment has closed; the instructor reads it
// all along. Every answer is checked against the API document too.
func TestWithheldOptimumAPI(t *testing.T) {
	e := newAPIEnv(t, Options{})
	e.do("POST", "/api/v1/problems", e.admin, map[string]any{"slug": "greedy", "title": "Greedy", "puzzle": "floodit", "statement": "x",
		"published": true, "kinds": []string{"answer", "moves"}}).want(t, 201, "")
	for _, c := range []map[string]any{
		{"name": "01-sample", "input": "2\n0 0\n0 1\n", "sample": true},
		{"name": "02-three-moves", "input": "3\n0 1 2\n1 1 2\n2 2 1\n"}, // optimum 3: 1 2 1
	} {
		e.do("POST", "/api/v1/problems/greedy/cases", e.admin, c).want(t, 201, "")
	}
	e.waitReady()
	ids := e.caseIDs("greedy")
	now := time.Now().UTC()
	var a assignmentJSON
	e.do("POST", "/api/v1/assignments", e.admin, map[string]any{"title": "Week 1", "problems": []map[string]any{{"slug": "greedy"}},
		"opens_at": now.Add(-2 * time.Hour).Format(time.RFC3339), "due_at": now.Add(time.Hour).Format(time.RFC3339)}).want(t, 201, "").json(t, &a)
	path := "/api/v1/assignments/" + itoa64(a.ID)

	ada := e.student("ada")
	id := e.submit(ada, "greedy", map[string]any{"kind": "moves", "case": ids[1], "moves": "1 2 1 1"}) // 4 moves: suboptimal 75
	sub := "/api/v1/submissions/" + itoa64(id)
	e.result(ada, id)

	// reads lists what each route answers, for who.
	reads := func(who string) []string {
		tok := map[string]string{"ada": ada, "admin": e.admin}[who]
		routes := []string{sub, sub + "/replay", "/api/v1/submissions?problem=greedy", "/api/v1/problems/greedy/progress",
			path + "/progress", path + "/progress/greedy"}
		var out []string
		for _, r := range routes {
			out = append(out, string(e.do("GET", r, tok, nil).want(t, 200, "").body))
		}
		return out
	}
	total := func(tok, verdict string) string {
		return e.do("GET", "/api/v1/submissions?problem=greedy&verdict="+verdict, tok, nil).want(t, 200, "").header.Get("X-Total-Count")
	}

	// Before the deadline: solved, nothing else.
	for _, body := range reads("ada") {
		for _, leak := range []string{"suboptimal", "optimum", `"optimal":3`, `"score":75`, `"score":87.5`} {
			if strings.Contains(body, leak) {
				t.Errorf("before the deadline a student reads %s in %s", leak, body)
			}
		}
	}
	var got submissionJSON
	e.do("GET", sub, ada, nil).want(t, 200, "").json(t, &got)
	if got.Verdict != judge.Solved || got.Score != 0 || got.Cases[0].Verdict != judge.Solved || got.Cases[0].Optimal != 0 || got.Cases[0].Used != 4 ||
		!strings.Contains(got.Cases[0].Message, "solved in 4 moves") {
		t.Errorf("before the deadline GET %s = %+v", sub, got)
	}
	if s, d := total(ada, "suboptimal"), total(ada, "solved"); s != "0" || d != "1" {
		t.Errorf("a student's ?verdict=suboptimal lists %s, ?verdict=solved %s, want 0 and 1", s, d)
	}
	standing := string(e.do("GET", "/api/v1/problems/greedy/progress", ada, nil).body)
	for _, part := range []string{`"status":"solved"`, `"withheld":1`, `"solved":1`} {
		if !strings.Contains(standing, part) {
			t.Errorf("the student's progress has no %s: %s", part, standing)
		}
	}
	if grid := string(e.do("GET", path+"/progress", ada, nil).body); !strings.Contains(grid, `"verdict":"solved"`) || !strings.Contains(grid, `"total":0`) {
		t.Errorf("the student's row of the assignment = %s, want solved and a total of 0", grid)
	}
	// The instructor's reads are unchanged.
	admin := strings.Join(reads("admin"), "\n")
	for _, part := range []string{`"verdict":"suboptimal"`, `"optimal":3`, `"score":75`, "the optimum is 3"} {
		if !strings.Contains(admin, part) {
			t.Errorf("the instructor reads no %s", part)
		}
	}
	if s := total(e.admin, "suboptimal"); s != "1" {
		t.Errorf("the instructor's ?verdict=suboptimal lists %s, want 1", s)
	}
	if csv := string(e.do("GET", path+"/grades.csv", e.admin, nil).want(t, 200, "").body); !strings.Contains(csv, "75") {
		t.Errorf("grades.csv has no 75: %s", csv)
	}

	// The deadline moved to the past: the full verdict shows.
	e.do("PATCH", path, e.admin, map[string]any{"due_at": now.Add(-time.Hour).Format(time.RFC3339)}).want(t, 200, "")
	e.do("GET", sub, ada, nil).want(t, 200, "").json(t, &got)
	if got.Verdict != judge.Suboptimal || got.Score != 75 || got.Cases[0].Optimal != 3 || !strings.Contains(got.Cases[0].Message, "the optimum is 3") {
		t.Errorf("after the deadline GET %s = %+v", sub, got)
	}
	if s, d := total(ada, "suboptimal"), total(ada, "solved"); s != "1" || d != "0" {
		t.Errorf("after the deadline ?verdict=suboptimal lists %s, ?verdict=solved %s, want 1 and 0", s, d)
	}
	if standing := string(e.do("GET", "/api/v1/problems/greedy/progress", ada, nil).body); !strings.Contains(standing, `"status":"suboptimal"`) {
		t.Errorf("after the deadline the student's progress is %s", standing)
	}
}

// TestUsedOnAnswers: an answer's case rows carry "used":0 (issue 24, bug
// 7). The field stays a required integer, as the document has always said;
// the document says what 0 means for answers instead of the contract
// changing.
func TestUsedOnAnswers(t *testing.T) {
	e := newAPIEnv(t, Options{})
	e.waitReady()
	ada := e.student("ada")
	id := e.submit(ada, "flood", map[string]any{"kind": "answer", "output": "0\n3\n" + solveRef(t, "floodit", apiProblems[0].cases[2].Input).answer})
	e.result(ada, id)
	body := string(e.do("GET", "/api/v1/submissions/"+itoa64(id), ada, nil).want(t, 200, "").body)
	if n := strings.Count(body, `"used":0`); n != len(apiProblems[0].cases) {
		t.Errorf(`an answer's rows carry "used":0 %d times, want %d: %s`, n, len(apiProblems[0].cases), body)
	}
	var doc struct {
		Components struct {
			Schemas struct {
				CaseResult struct {
					Required   []string `json:"required"`
					Properties struct {
						Used struct {
							Description string `json:"description"`
						} `json:"used"`
					} `json:"properties"`
				} `json:"CaseResult"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(openAPIDocument, &doc); err != nil {
		t.Fatal(err)
	}
	cr := doc.Components.Schemas.CaseResult
	if !slices.Contains(cr.Required, "used") || !strings.Contains(cr.Properties.Used.Description, "0 for answers and programs") {
		t.Errorf("the document's CaseResult.used = %+v (required %v), want required and saying 0 for answers", cr.Properties.Used, cr.Required)
	}
}
