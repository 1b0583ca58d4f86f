package wire

import (
	"time"

	"puzzlejudge/judge"
)

// Contest is a contest as the API shows it. Status and SecondsLeft are at
// the server's time: SecondsLeft counts to the start while scheduled, to
// the end while running.
type Contest struct {
	ID              int64            `json:"id"`
	Title           string           `json:"title"`
	Problems        []ContestProblem `json:"problems"`
	StartTime       time.Time        `json:"start_time"`
	EndTime         time.Time        `json:"end_time"`
	Duration        string           `json:"duration"`
	DurationSeconds int64            `json:"duration_seconds"`
	Freeze          string           `json:"freeze"`
	FreezeSeconds   int64            `json:"freeze_seconds"`
	FreezeTime      *time.Time       `json:"freeze_time"`
	Scoring         judge.Scoring    `json:"scoring"`
	Everyone        bool             `json:"everyone"`
	// Participants and RegistrationCode are the jury's to read; Teams
	// are the teams the caller may read (members: the jury's, and each
	// team's own).
	Participants     []string       `json:"participants,omitempty"`
	Teams            []Team         `json:"teams"`
	Organizations    []Organization `json:"organizations"`
	Groups           []Group        `json:"groups"`
	RegistrationCode string         `json:"registration_code,omitempty"`
	Registration     bool           `json:"registration"`
	Public           bool           `json:"public"`
	Status           ContestStatus  `json:"status"`
	SecondsLeft      int64          `json:"seconds_left"`
	Frozen           bool           `json:"frozen"`
	UnfrozenAt       *time.Time     `json:"unfrozen_at"`
}

// ContestProblem is a problem of a contest under its label.
type ContestProblem struct {
	Label string `json:"label"`
	Slug  string `json:"slug"`
	Title string `json:"title"`
}

// ContestStatus is where a contest is in its time.
type ContestStatus string

// The contest statuses.
const (
	ContestScheduled ContestStatus = "scheduled"
	ContestRunning   ContestStatus = "running"
	ContestOver      ContestStatus = "over"
)

// Team is a team as the API shows it: members only to the jury and to the
// team's own members.
type Team struct {
	ID           int64    `json:"id"`
	Name         string   `json:"name"`
	Members      []string `json:"members,omitempty"`
	Organization *string  `json:"organization"`
	Groups       []string `json:"groups"`
	Hidden       bool     `json:"hidden"`
}

// Organization is an organization of a contest's teams (a university).
type Organization struct {
	ID         int64   `json:"id"`
	Name       string  `json:"name"`
	FormalName string  `json:"formal_name"`
	Country    *string `json:"country"`
}

// Group is a group of a contest's teams; a hidden one is off the public
// board.
type Group struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Hidden bool   `json:"hidden"`
}

// Teams is the answer of GET /contests/{id}/teams.
type Teams struct {
	Teams         []Team         `json:"teams"`
	Organizations []Organization `json:"organizations"`
	Groups        []Group        `json:"groups"`
}
