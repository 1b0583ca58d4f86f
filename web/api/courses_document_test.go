package api

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestCoursesAnswersDocumented drives every success answer of the
// assignment routes and of GET /problems/{slug}/progress with their optional
// fields present (a late period, an upcoming assignment, a draft problem a
// student may not open, a disabled student, a best made of moves, no best),
// so that the validator every answer goes through checks the document's
// schemas for them. It then shows that those schemas bite: each answer with
// one object given an undocumented member, or one value replaced by one of
// another JSON type, is refused by the document.
func TestCoursesAnswersDocumented(t *testing.T) {
	e := newAPIEnv(t, Options{})
	e.waitReady()
	ada := e.student("ada")
	gone := e.student("gone")
	idle := e.student("idle")
	e.do("POST", "/api/v1/problems", e.admin, map[string]any{"slug": "soon", "title": "Soon", "puzzle": "floodit"}).want(t, 201, "")
	now := time.Now().UTC().Truncate(time.Second) // the API takes whole seconds
	var a assignmentJSON
	e.do("POST", "/api/v1/assignments", e.admin, map[string]any{
		"title": "Week 1", "problems": []map[string]any{{"slug": "flood", "weight": 2}, {"slug": "soon"}},
		"opens_at": now.Add(-time.Hour), "due_at": now.Add(time.Hour), "late_until": now.Add(2 * time.Hour), "late_factor": 0.5,
	}).want(t, 201, "").json(t, &a)
	path := "/api/v1/assignments/" + itoa64(a.ID)

	ids := e.caseIDs("flood")
	e.result(ada, e.submit(ada, "flood", map[string]any{"kind": "moves", "case": ids[1], "moves": solveRef(t, "floodit", apiProblems[0].cases[1].Input).moves}))
	e.result(gone, e.submit(gone, "flood", map[string]any{"kind": "answer", "output": "0\n3\n" + solveRef(t, "floodit", apiProblems[0].cases[2].Input).answer}))
	var users []struct {
		ID       int64  `json:"id"`
		Username string `json:"username"`
	}
	e.do("GET", "/api/v1/users", e.admin, nil).want(t, 200, "").json(t, &users)
	for _, u := range users {
		if u.Username == "gone" {
			e.do("PATCH", "/api/v1/users/"+itoa64(u.ID), e.admin, map[string]any{"disabled": true}).want(t, 200, "")
		}
	}

	for _, tc := range []struct {
		method, path, token string
		body                any
		status              int
		has                 []string // parts of the answer that must be there: the optional fields checked
	}{
		{"POST", "/api/v1/assignments", e.admin, map[string]any{"title": "Week 9", "problems": []map[string]any{{"slug": "maya"}},
			"opens_at": now.Add(24 * time.Hour), "due_at": now.Add(48 * time.Hour)}, 201, []string{`"status":"upcoming"`, `"late_until":null`}},
		{"GET", "/api/v1/assignments", e.admin, nil, 200, []string{`"status":"open"`, `"status":"upcoming"`}},
		{"GET", "/api/v1/assignments", ada, nil, 200, []string{`"available":false`}},
		{"GET", path, ada, nil, 200, []string{`"progress":{`, `"available":false`, `"title":""`, `"last_submission":"`}},
		{"GET", path, e.admin, nil, 200, []string{`"progress":{`, `"last_submission":null`}},
		{"PATCH", path, e.admin, map[string]any{"title": "Week 1 (again)"}, 200, []string{`"late_factor":0.5`}},
		{"GET", path + "/progress", e.admin, nil, 200, []string{`"disabled":true`, `"verdict":""`, `"verdict":"accepted"`}},
		{"GET", path + "/progress", ada, nil, 200, []string{`"username":"ada"`}},
		{"GET", path + "/progress/flood", e.admin, nil, 200, []string{`"sample":true`, `"verdict":"accepted"`}},
		{"GET", path + "/progress/flood", ada, nil, 200, []string{`"username":"ada"`}},
		{"GET", path + "/grades", e.admin, nil, 200, []string{`"scores":{`}},
		{"GET", "/api/v1/problems/flood/progress", ada, nil, 200, []string{`"kind":"moves"`, `"solved":1`, `"boards":3`}},
		{"GET", "/api/v1/problems/flood/progress", idle, nil, 200, []string{`"best":null`, `"status":"untried"`}},
	} {
		name := tc.method + " " + tc.path
		r := e.do(tc.method, tc.path, tc.token, tc.body).want(t, tc.status, "")
		for _, part := range tc.has {
			if !strings.Contains(string(r.body), part) {
				t.Errorf("%s: the answer has no %s: %s", name, part, r.body)
			}
		}
		req := e.request(tc.method, tc.path, tc.body)
		if err := documentValidator(t).Check(req, r.status, r.header, r.body); err != nil {
			t.Fatalf("%s: the answer itself is refused: %v", name, err)
		}
		var doc any
		if err := json.Unmarshal(r.body, &doc); err != nil {
			t.Fatal(err)
		}
		for _, m := range mutants(doc) {
			body, err := json.Marshal(m.doc)
			if err != nil {
				t.Fatal(err)
			}
			if documentValidator(t).Check(req, r.status, r.header, body) == nil {
				t.Errorf("%s: the document allows the answer changed at %s: %s", name, m.where, clipBody(body))
			}
		}
	}
}

// mutant is a JSON value changed in one place.
type mutant struct {
	where string // the place, as a JSON pointer; "/+" for a member added
	doc   any
}

// mutants returns doc changed in each place: every object given one more
// member, every other value (arrays too) replaced by one of another JSON
// type.
func mutants(doc any) []mutant {
	var out []mutant
	var walk func(v any, where string, put func(any) any)
	walk = func(v any, where string, put func(any) any) {
		switch x := v.(type) {
		case map[string]any:
			more := maps.Clone(x)
			more["undocumented"] = true
			out = append(out, mutant{where + "/+", put(more)})
			for k, c := range x {
				walk(c, where+"/"+k, func(n any) any { y := maps.Clone(x); y[k] = n; return put(y) })
			}
		case []any:
			out = append(out, mutant{where, put("wrong type")})
			for i, c := range x {
				walk(c, fmt.Sprintf("%s/%d", where, i), func(n any) any { y := slices.Clone(x); y[i] = n; return put(y) })
			}
		case string, nil:
			out = append(out, mutant{where, put(12345)})
		default: // a number or a boolean
			out = append(out, mutant{where, put("wrong type")})
		}
	}
	walk(doc, "", func(n any) any { return n })
	return out
}

func clipBody(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "..."
	}
	return string(b)
}
