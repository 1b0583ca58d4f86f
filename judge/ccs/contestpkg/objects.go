package contestpkg

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The objects of the Contest API that an import reads, with only the
// properties it uses: a package of another CCS holds many more, which are
// ignored. Each has the YAML names too, for the files the format lets
// humans write in YAML.

type fileRef struct {
	Href     string `json:"href" yaml:"href"`
	Filename string `json:"filename" yaml:"filename"`
	Mime     string `json:"mime" yaml:"mime"`
}

type contestObject struct {
	ID                       ID      `json:"id" yaml:"id"`
	Name                     string  `json:"name" yaml:"name"`
	FormalName               *string `json:"formal_name" yaml:"formal_name"`
	StartTime                *string `json:"start_time" yaml:"start_time"`
	Duration                 string  `json:"duration" yaml:"duration"`
	ScoreboardFreezeDuration *string `json:"scoreboard_freeze_duration" yaml:"scoreboard_freeze_duration"`
	ScoreboardThawTime       *string `json:"scoreboard_thaw_time" yaml:"scoreboard_thaw_time"`
	ScoreboardType           string  `json:"scoreboard_type" yaml:"scoreboard_type"`
	// PenaltyTime is a RELTIME since 2023-06, whole minutes before.
	PenaltyTime any `json:"penalty_time" yaml:"penalty_time"`
}

type problemObject struct {
	ID       ID        `json:"id" yaml:"id"`
	Label    string    `json:"label" yaml:"label"`
	Name     string    `json:"name" yaml:"name"`
	Ordinal  *float64  `json:"ordinal" yaml:"ordinal"`
	MaxScore *float64  `json:"max_score" yaml:"max_score"`
	Package  []fileRef `json:"package" yaml:"package"`
}

type teamObject struct {
	ID             ID      `json:"id"`
	Name           string  `json:"name"`
	DisplayName    *string `json:"display_name"`
	OrganizationID *ID     `json:"organization_id"`
	GroupIDs       []ID    `json:"group_ids"`
	// Hidden is not the spec's: DOMjudge and this judge mark the teams
	// kept off the public board so.
	Hidden bool `json:"hidden"`
}

type organizationObject struct {
	ID         ID      `json:"id"`
	Name       string  `json:"name"`
	FormalName *string `json:"formal_name"`
	Country    *string `json:"country"`
}

type groupObject struct {
	ID   ID     `json:"id"`
	Name string `json:"name"`
	// Hidden is DOMjudge's: a group of teams off the public board.
	Hidden bool `json:"hidden"`
}

type accountObject struct {
	ID       ID      `json:"id" yaml:"id"`
	Username string  `json:"username" yaml:"username"`
	Password *string `json:"password" yaml:"password"`
	Type     string  `json:"type" yaml:"type"`
	TeamID   *ID     `json:"team_id" yaml:"team_id"`
}

type submissionObject struct {
	ID         ID        `json:"id"`
	AccountID  *ID       `json:"account_id"`
	LanguageID ID        `json:"language_id"`
	ProblemID  ID        `json:"problem_id"`
	TeamID     *ID       `json:"team_id"`
	Time       string    `json:"time"`
	Files      []fileRef `json:"files"`
}

type judgementObject struct {
	ID                        ID       `json:"id"`
	SubmissionID              ID       `json:"submission_id"`
	JudgementTypeID           *ID      `json:"judgement_type_id"`
	SimplifiedJudgementTypeID *ID      `json:"simplified_judgement_type_id"`
	Score                     *float64 `json:"score"`
	Current                   *bool    `json:"current"`
	StartTime                 string   `json:"start_time"`
	EndTime                   *string  `json:"end_time"`
	MaxRunTime                *float64 `json:"max_run_time"`
}

type clarificationObject struct {
	ID         ID     `json:"id"`
	FromTeamID *ID    `json:"from_team_id"`
	ToTeamID   *ID    `json:"to_team_id"`
	ToTeamIDs  []ID   `json:"to_team_ids"`
	ReplyToID  *ID    `json:"reply_to_id"`
	ProblemID  *ID    `json:"problem_id"`
	Text       string `json:"text"`
	Time       string `json:"time"`
}

// timeLayouts are the forms of the API's TIME: RFC 3339 with an optional
// fraction, and the offset written "+01" as the spec's own examples do.
var timeLayouts = []string{"2006-01-02T15:04:05.999999999Z07:00", "2006-01-02T15:04:05.999999999Z07", "2006-01-02T15:04:05.999999999Z0700"}

// parseTime reads a TIME.
func parseTime(s string) (time.Time, error) {
	for _, layout := range timeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is not a time of the API (2026-03-02T09:00:00.000+01)", s)
}

// parseRelTime reads a RELTIME, (-)h:mm:ss(.uuu).
func parseRelTime(s string) (time.Duration, error) {
	bad := fmt.Errorf("%q is not a duration of the API (h:mm:ss or h:mm:ss.uuu)", s)
	text, neg := strings.CutPrefix(s, "-")
	parts := strings.Split(text, ":")
	if len(parts) != 3 {
		return 0, bad
	}
	h, err := strconv.ParseInt(parts[0], 10, 64)
	if err != nil || h < 0 || h > 100000 || len(parts[1]) != 2 {
		return 0, bad
	}
	m, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil || m < 0 || m > 59 {
		return 0, bad
	}
	sec, frac, _ := strings.Cut(parts[2], ".")
	sv, err := strconv.ParseInt(sec, 10, 64)
	if err != nil || len(sec) != 2 || sv < 0 || sv > 59 || len(frac) > 9 {
		return 0, bad
	}
	d := time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(sv)*time.Second
	if frac != "" {
		f, err := strconv.ParseUint(frac, 10, 64)
		if err != nil {
			return 0, bad
		}
		for range 9 - len(frac) {
			f *= 10
		}
		d += time.Duration(f)
	}
	if neg {
		d = -d
	}
	return d, nil
}

// penaltyMinutes reads penalty_time: a RELTIME, or whole minutes as in the
// releases before 2023-06.
func penaltyMinutes(v any) (float64, error) {
	switch p := v.(type) {
	case float64:
		return p, nil
	case int:
		return float64(p), nil
	case string:
		d, err := parseRelTime(p)
		return d.Minutes(), err
	}
	return 0, fmt.Errorf("want a duration (0:20:00) or minutes, found %v", v)
}
