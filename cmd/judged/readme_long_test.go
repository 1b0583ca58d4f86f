//go:build long

package main

import "testing"

// TestREADMEExamples runs the README's shell examples as a reader would:
// every curl and pj command of its code blocks, with the lines that feed
// them (jq, unzip, cp, the solver loop), verbatim and in order, against a
// fresh server started from the shipped config.yaml (runDocument). Only the
// address, the passwords (the README's "Q3KX...", pj's prompt) and the
// reader's own solver (./my-solver, here the problems' accepted programs)
// stand in for the reader's. A command fails the test when it fails (curl
// is called with --fail-with-body, so an HTTP error fails too; pj exits
// non-zero unless accepted), and the answer it shows in the comment below
// it is checked: the scalar fields of that JSON object (ids, statuses,
// verdicts, scores; not times, tokens or reports), a header, or pj's line
// for a submission. A comment that says "then GET /api/v1/submissions/N:"
// is followed too, once N is judged. So the ids, input versions and
// verdicts the README promises on a fresh database are what a fresh
// database gives.
func TestREADMEExamples(t *testing.T) {
	skipWithoutExampleTools(t)
	runDocument(t, readmeDocument, buildJudged(t), buildPJ(t))
}

// readmeDocument is the README's part of the examples. Its go run lines
// start the server or run the solvers, which this test does its own way.
var readmeDocument = document{
	file:     "README.md",
	commands: []string{"curl ", "TOKEN=$(curl ", "ADMIN=$(curl ", "jq ", "./my-solver ", "unzip ", "for ", "pj ", "cp "},
	subs: []substitution{
		{"Q3KX...", passwordWord, "the password the first start logs, set here by JUDGE_ADMIN_PASSWORD"},
		{"pj login ", "PJ_PASSWORD=lovelace1 pj login ", "answers the password prompt (ada's, registered above), as the comment allows"},
	},
	solvers: map[string]string{
		"floodit.in": "floodit/submissions/accepted/ida.cpp",
		"mayan/":     "mayan/submissions/accepted/dfs.cpp",
	},
	minSteps: 35, minAnswers: 15,
}
