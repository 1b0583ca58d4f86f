package api

import (
	"strings"
	"testing"

	"puzzlejudge/judge"
)

func TestRegisterAndTokens(t *testing.T) {
	e := newAPIEnv(t, Options{})

	var u userJSON
	e.do("POST", "/api/v1/register", "", credentials{"alice", "alice-pass"}).want(t, 201, "").json(t, &u)
	if u.ID == 0 || u.Username != "alice" || u.Role != judge.RoleStudent {
		t.Errorf("register = %+v, want a student alice with an id", u)
	}
	e.do("POST", "/api/v1/register", "", credentials{"alice", "other-pass"}).want(t, 409, judge.ECONFLICT)
	e.do("POST", "/api/v1/register", "", `{"username":`).want(t, 400, judge.EINVALID)
	e.do("POST", "/api/v1/register", "", `[1,2]`).want(t, 400, judge.EINVALID)
	e.do("POST", "/api/v1/register", "", ``).want(t, 400, judge.EINVALID)
	e.do("POST", "/api/v1/register", "", credentials{"", "x"}).want(t, 400, judge.EINVALID)

	var tok tokenJSON
	e.do("POST", "/api/v1/tokens", "", credentials{"alice", "alice-pass"}).want(t, 201, "").json(t, &tok)
	if tok.Token == "" || tok.User.Username != "alice" {
		t.Errorf("tokens = %+v, want a token for alice", tok)
	}
	if strings.Contains(tok.Token, "alice") {
		t.Errorf("token %q contains the username", tok.Token)
	}
	second := e.login("alice", "alice-pass")
	if second == tok.Token {
		t.Error("two logins gave the same token: tokens must be random")
	}
	e.do("POST", "/api/v1/tokens", "", credentials{"alice", "wrong"}).want(t, 401, judge.EUNAUTHORIZED)
	e.do("POST", "/api/v1/tokens", "", credentials{"nobody", "wrong"}).want(t, 401, judge.EUNAUTHORIZED)
	e.do("POST", "/api/v1/tokens", "", `{"username":"alice","password":1}`).want(t, 400, judge.EINVALID)

	// Both tokens work.
	for _, token := range []string{tok.Token, second} {
		e.do("GET", "/api/v1/submissions", token, nil).want(t, 200, "")
	}
}

func TestRegistrationClosed(t *testing.T) {
	e := newClosedAPIEnv(t, Options{})
	e.do("POST", "/api/v1/register", "", credentials{"bob", "bob-pass"}).want(t, 403, judge.EFORBIDDEN)
	// The instructor still logs in.
	e.do("GET", "/api/v1/submissions", e.admin, nil).want(t, 200, "")
}

func TestAuthentication(t *testing.T) {
	e := newAPIEnv(t, Options{})
	student := e.student("carol")
	tests := []struct {
		name, header string
		status       int
	}{
		{"no header", "", 401},
		{"unknown token", "Bearer not-a-token", 401},
		{"empty bearer", "Bearer ", 401},
		{"other scheme", "Basic Y2Fyb2w6cGFzcw==", 401},
		{"lowercase scheme", "bearer " + student, 200},
		{"good token", "Bearer " + student, 200},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := e.with(t)
			req := e.request("GET", "/api/v1/submissions", nil)
			if tc.header != "" {
				req.Header.Set("Authorization", tc.header)
			}
			r := e.serve(req)
			r.want(t, tc.status, map[int]string{401: judge.EUNAUTHORIZED, 200: ""}[tc.status])
		})
	}
	// A bad token is refused even on a public route: a script learns that
	// its token is wrong instead of silently getting the anonymous view.
	e.do("GET", "/api/v1/problems", "bad", nil).want(t, 401, judge.EUNAUTHORIZED)
}

// TestRoles walks every route that needs a role: anonymous callers get 401,
// students 403 on instructor routes.
func TestRoles(t *testing.T) {
	e := newAPIEnv(t, Options{})
	student := e.student("dave")
	id := e.caseIDs("flood")[0]
	routes := []struct {
		method, path string
		body         any
		student      int // status for a student (anonymous is always 401)
	}{
		{"POST", "/api/v1/problems/flood/submissions", map[string]any{"kind": "answer", "output": "0\n"}, 202},
		{"GET", "/api/v1/submissions", nil, 200},
		{"POST", "/api/v1/check", map[string]any{"puzzle": "floodit", "board": "2\n0 0\n0 0\n", "moves": ""}, 200},
		{"POST", "/api/v1/problems/flood/cases", map[string]any{"input": "2\n0 1\n1 0\n"}, 403},
		{"DELETE", "/api/v1/problems/flood/cases/" + itoa64(id), nil, 403},
		{"POST", "/api/v1/problems/flood/rejudge", nil, 403},
	}
	for _, r := range routes {
		t.Run(r.method+" "+r.path, func(t *testing.T) {
			e := e.with(t)
			e.do(r.method, r.path, "", r.body).want(t, 401, judge.EUNAUTHORIZED)
			code := ""
			if r.student == 403 {
				code = judge.EFORBIDDEN
			}
			e.do(r.method, r.path, student, r.body).want(t, r.student, code)
		})
	}
}
