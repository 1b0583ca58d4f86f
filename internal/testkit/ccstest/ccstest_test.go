package ccstest

import (
	"strings"
	"testing"
)

// The documents are the specification's own examples (Contest_API.md of
// release 2026-01) and small breaks of them: the validator must accept the
// first and refuse the second, or the tests built on it prove nothing.
func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		mode   Mode
		schema string
		doc    string
		ok     bool
	}{
		{"api information", Strict, "api_information",
			`{"version":"2026-01","version_url":"https://ccs-specs.icpc.io/2026-01/contest_api","provider":{"name":"DOMjudge","version":"8.3.0"}}`, true},
		{"api information of another release", Strict, "api_information",
			`{"version":"2023-06","version_url":"x"}`, false},
		{"contest", Strict, "contest",
			`{"id":"wf2014","name":"2014 ICPC World Finals","formal_name":"38th","start_time":"2014-06-25T10:00:00+01","duration":"5:00:00","scoreboard_freeze_duration":"1:00:00","scoreboard_type":"pass-fail","penalty_time":"0:20:00"}`, true},
		{"pass-fail contest without penalty_time", Strict, "contest",
			`{"id":"wf2014","name":"x","duration":"5:00:00","scoreboard_type":"pass-fail"}`, false},
		{"score contest with penalty_time", Strict, "contest",
			`{"id":"c","name":"x","duration":"5:00:00","scoreboard_type":"score","penalty_time":"0:20:00"}`, false},
		{"duration not a RELTIME", Strict, "contest",
			`{"id":"c","name":"x","duration":"5h","scoreboard_type":"score"}`, false},
		{"extra property, strict", Strict, "contest",
			`{"id":"c","name":"x","duration":"5:00:00","scoreboard_type":"score","colour":"red"}`, false},
		{"extra property, extra mode", Extra, "contest",
			`{"id":"c","name":"x","duration":"5:00:00","scoreboard_type":"score","colour":"red"}`, true},
		{"judgement types", Strict, "judgement-types",
			`[{"id":"RE","name":"Rejected","penalty":true,"solved":false},{"id":"AC","name":"Accepted","penalty":false,"solved":true}]`, true},
		{"unknown judgement type", Strict, "judgement-type",
			`{"id":"XX","name":"x","solved":false}`, false},
		{"judgements", Strict, "judgements",
			`[{"id":"189549","submission_id":"wf2017-32163123xz3132yy","judgement_type_id":"CE","start_time":"2014-06-25T11:22:48.427+01","start_contest_time":"1:22:48.427","end_time":"2014-06-25T11:23:32.481+01","end_contest_time":"1:23:32.481"},{"id":"189550","submission_id":"wf2017-32163123xz3133ub","judgement_type_id":null,"start_time":"2014-06-25T11:24:03.921+01","start_contest_time":"1:24:03.921","end_time":null,"end_contest_time":null}]`, true},
		{"state", Strict, "state",
			`{"started":"2014-06-25T10:00:00+01","ended":null,"frozen":"2014-06-25T14:00:00+01","thawed":null,"finalized":null,"end_of_updates":null}`, true},
		{"state without ended", Strict, "state",
			`{"started":null,"finalized":null,"end_of_updates":null}`, false},
		{"scoreboard", Strict, "scoreboard",
			`{"time":"2014-06-25T14:13:07.832+01","contest_time":"4:13:07.832","state":{"started":"2014-06-25T10:00:00+01","ended":null,"frozen":"2014-06-25T14:00:00+01","thawed":null,"finalized":null,"end_of_updates":null},"rows":[{"rank":1,"team_id":"123","score":{"num_solved":3,"total_time":"5:40:00","time":"3:25:00"},"problems":[{"problem_id":"1","num_judged":3,"num_pending":1,"solved":false},{"problem_id":"2","num_judged":1,"num_pending":0,"solved":true,"time":"0:20:00"}]}]}`, true},
		{"scoreboard: solved problem without time", Strict, "scoreboard",
			`{"time":"2014-06-25T14:13:07.832+01","contest_time":"4:13:07.832","state":{"started":null,"ended":null,"finalized":null,"end_of_updates":null},"rows":[{"rank":1,"team_id":"123","score":{"num_solved":1,"total_time":"0:20:00","time":"0:20:00"},"problems":[{"problem_id":"2","num_judged":1,"num_pending":0,"solved":true}]}]}`, false},
		{"clarification", Strict, "clarification",
			`{"id":"1","from_team_id":"34","to_team_id":null,"reply_to_id":null,"problem_id":null,"text":"May I ask a question?","time":"2017-06-25T11:59:27.543+01","contest_time":"1:59:27.543"}`, true},
		{"clarification from a team to a team", Strict, "clarification",
			`{"id":"1","from_team_id":"34","to_team_id":"35","text":"x","time":"2017-06-25T11:59:27.543+01","contest_time":"1:59:27.543"}`, false},
		{"award", Strict, "awards", `[{"id":"winner","citation":"Contest winner","team_ids":["1"]}]`, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := For(t, tc.mode).Validate(tc.schema, []byte(tc.doc))
			if (err == nil) != tc.ok {
				t.Errorf("Validate(%s) = %v, want ok %v", tc.schema, err, tc.ok)
			}
		})
	}
}

func TestValidateFeed(t *testing.T) {
	good := `{"type":"state","id":null,"data":{"started":null,"ended":null,"finalized":null,"end_of_updates":null},"token":"1"}

{"type":"teams","id":"11","data":{"id":"11","name":"Shanghai Tigers","label":"11"},"token":"2"}
{"type":"teams","id":"11","data":null,"token":"3"}
`
	if err := For(t, Strict).ValidateFeed([]byte(good)); err != nil {
		t.Errorf("ValidateFeed(good) = %v", err)
	}
	bad := good + `{"type":"teams","id":"12","data":{"id":"12"},"token":"4"}` + "\n"
	err := For(t, Strict).ValidateFeed([]byte(bad))
	if err == nil || !strings.Contains(err.Error(), "line 5") {
		t.Errorf("ValidateFeed(bad) = %v, want an error naming line 5", err)
	}
	if err := For(t, Strict).ValidateFeed([]byte("not json\n")); err == nil {
		t.Error("ValidateFeed(not json) = nil")
	}
}
