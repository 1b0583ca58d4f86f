package api

import (
	"strings"
	"testing"
)

// TestDecodeTypeMessages checks that a value of the wrong JSON type is
// named by what the field takes: an id given as 1.5 or 1e30 was "must be a
// JSON number, not number 1.5", which tells the script nothing.
func TestDecodeTypeMessages(t *testing.T) {
	e := newAPIEnv(t, Options{})
	student := e.student("olga")
	for _, tc := range []struct{ body, want string }{
		{`{"kind":"moves","case":1.5,"moves":"1"}`, `case\" must be a JSON integer, not number 1.5`},
		{`{"kind":"moves","case":1e30,"moves":"1"}`, `case\" must be a JSON integer, not number 1e30`},
		{`{"kind":"moves","case":"one","moves":"1"}`, `case\" must be a JSON integer, not string`},
		{`{"kind":"moves","case":1,"moves":2}`, `moves\" must be a JSON string, not number`},
	} {
		r := e.do("POST", "/api/v1/problems/flood/submissions", student, tc.body)
		r.want(t, 400, "invalid")
		if !strings.Contains(string(r.body), tc.want) {
			t.Errorf("%s: %s, want the message %q", tc.body, r.body, tc.want)
		}
	}
	r := e.do("POST", "/api/v1/problems/flood/cases/generate", e.admin, `{"count":1,"seed":-5}`)
	r.want(t, 400, "invalid")
	if want := `seed\" must be a JSON integer of 0 or more, not number -5`; !strings.Contains(string(r.body), want) {
		t.Errorf("a negative seed: %s, want the message %q", r.body, want)
	}
}
