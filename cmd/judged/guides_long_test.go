//go:build long

package main

import "testing"

// TestGuideExamples does for the guides in docs/ what TestREADMEExamples
// does for the README: each guide's shell examples (curl, and pj built
// from this tree) run verbatim, in order, on a fresh server of their own,
// and the answers their comments show are checked. What a guide assumes
// and describes elsewhere (an instructor's token, the accounts its teams
// name, a file it shows) is its setup; what stands for the reader's own
// (a host, a password prompt, the reader's files) is a substitution, each
// with its reason below.
func TestGuideExamples(t *testing.T) {
	skipWithoutExampleTools(t)
	bin := buildJudged(t)
	pj := buildPJ(t)
	for _, d := range guideDocuments {
		t.Run(d.file, func(t *testing.T) { runDocument(t, d, bin, pj) })
	}
}

// adminSetup gives $ADMIN, the instructor's token, as the README's
// "ADMIN=$(curl ...)" line does; the guides' curl lines say "$ADMIN is an
// instructor's token, as in the README".
const adminSetup = `ADMIN=$(curl -s -X POST {addr}/api/v1/tokens -d '{"username":"admin","password":"{password}"}' | jq -r .token)
`

var guideDocuments = []document{
	{
		file:     "docs/CONTESTS.md",
		commands: []string{"curl ", "pj "},
		// The teams name accounts ann ... oli, which must exist (an
		// unknown username is refused); ada is a contestant. pj runs as
		// the instructor, by PJ_SERVER and PJ_TOKEN, the way the guide's
		// jury would; teams.csv is the file the guide shows (written
		// before the setup), more.csv the reader's next one (the same here).
		setup: adminSetup + `for u in ann amy abe ben bea bob oli ada; do
  curl -s -X POST {addr}/api/v1/register -d "{\"username\":\"$u\",\"password\":\"lovelace1\"}" >/dev/null
done
TOKEN=$(curl -s -X POST {addr}/api/v1/tokens -d '{"username":"ada","password":"lovelace1"}' | jq -r .token)
export PJ_SERVER=http://{addr} PJ_TOKEN=$ADMIN
cp teams.csv more.csv
`,
		files: map[string]string{"teams.csv": "name,members,organization,groups"},
		subs: []substitution{
			// The comment on the line says "a contestant": the jury's
			// question would be an announcement.
			{"pj contest ask ", "PJ_TOKEN=$TOKEN pj contest ask ", "asking is a contestant's: ada's token"},
		},
		before: []interlude{{"pj contest ask ",
			`curl -s -X PATCH {addr}/api/v1/contests/1 -H "Authorization: Bearer $ADMIN" -d "{\"start_time\":\"$(date -u +%FT%TZ)\"}" >/dev/null`,
			"questions are taken while the contest runs: Weekly 1's day has come"}},
		minSteps: 12, minAnswers: 2,
	},
	{
		file:     "docs/SCRIPTS.md",
		commands: []string{"pj ", "./my-solver "},
		// ada is the README's student. The files are the reader's own:
		// moves.txt the moves of mayan's first sample (its answer file),
		// board.txt a board on which the guide's moves "1 2 0 1" are
		// optimal (pj check's exit status is 1 otherwise), main.cpp an
		// accepted Flood-it program, my.in Flood-it's samples. "go install
		// ./cmd/pj" is not run: the test builds pj onto PATH instead of
		// into the machine's GOPATH.
		setup: `curl -s -X POST {addr}/api/v1/register -d '{"username":"ada","password":"lovelace1"}' >/dev/null
cp problems/mayan/tests/01-sample-1.ans moves.txt
printf '3\n0 1 2\n1 2 0\n2 0 1\n' >board.txt
cp problems/floodit/submissions/accepted/ida.cpp main.cpp
cp problems/floodit/sample.in my.in
`,
		subs: []substitution{
			{"https://judge.example.edu", "http://{addr}", "the guide's placeholder for the course's server"},
			{"pj login ", "PJ_PASSWORD=lovelace1 pj login ", "answers the password prompt, as the guide's comment allows"},
		},
		solvers: map[string]string{"floodit.in": "floodit/submissions/accepted/ida.cpp"},
		// The CI job: the student's ci/check-moves.sh, the one move file
		// the guide names, and the two settings, the token from pj token.
		files: map[string]string{"ci/check-moves.sh": "#!/bin/sh"},
		after: `mkdir -p moves/rotation && echo DDHH >moves/rotation/02-sample-2.txt
PJ_SERVER=http://{addr} PJ_TOKEN=$(pj token) sh ci/check-moves.sh
`,
		afterWhy: "the CI job's step: sh ci/check-moves.sh with PJ_SERVER and PJ_TOKEN",
		minSteps: 13,
	},
	{
		file:     "docs/COURSES.md",
		commands: []string{"curl ", "go run ./cmd/judged admin "},
		subs: []substitution{
			// "On the machine and with the configuration of the server (it
			// may be running)": this test's server is the binary built
			// from this tree, in its own directory.
			{"go run ./cmd/judged ", "cd {server} && {judged} ", "the operator's go run: the running server's binary and directory"},
		},
		// "An assignment that is a contest" takes contest 1, docs/CONTESTS.md's
		// first example (floodit as A, rotation as B).
		setup: adminSetup + `curl -s -X POST {addr}/api/v1/contests -H "Authorization: Bearer $ADMIN" -d '{"title": "Weekly 1",
  "problems": [{"slug": "floodit", "label": "A"}, {"slug": "rotation", "label": "B"}],
  "start_time": "2030-03-04T09:00:00Z", "duration": "5h", "freeze": "1h", "scoring": "icpc", "public": true}' >/dev/null
`,
		minSteps: 3, minAnswers: 2,
	},
}
