package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

type contestRow struct {
	ID               int64     `gorm:"primaryKey"`
	Title            string    `gorm:"not null"`
	StartTime        time.Time `gorm:"not null"`
	DurationSeconds  int64     `gorm:"not null"`
	FreezeSeconds    int64     `gorm:"not null;default:0"`
	Scoring          string    `gorm:"size:8;not null"`
	Everyone         bool      `gorm:"not null;default:false"`
	RegistrationCode string    `gorm:"size:100;not null;default:''"`
	Public           bool      `gorm:"not null;default:false"`
	UnfrozenAt       *time.Time
	// TeamsMade reports a contest whose contestants are teams: false for
	// one stored before teams, until migrateContestTeams makes its
	// participants teams of one.
	TeamsMade bool `gorm:"not null;default:false"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (contestRow) TableName() string { return "contests" }

func (r contestRow) key() int64 { return r.ID }

// contestProblemRow is a problem of a contest under its label; deleting
// either deletes it.
type contestProblemRow struct {
	ID        int64       `gorm:"primaryKey"`
	ContestID int64       `gorm:"not null;uniqueIndex:idx_contest_problems_label,priority:1"`
	Contest   *contestRow `gorm:"constraint:OnDelete:CASCADE"`
	ProblemID int64       `gorm:"not null;index"`
	Problem   *problemRow `gorm:"constraint:OnDelete:CASCADE"`
	Label     string      `gorm:"size:10;not null;uniqueIndex:idx_contest_problems_label,priority:2"`
	Position  int         `gorm:"not null"`
}

func (contestProblemRow) TableName() string { return "contest_problems" }

// contestParticipantRow is a user taking part in a contest that is not
// open to everyone.
type contestParticipantRow struct {
	ContestID int64       `gorm:"primaryKey;autoIncrement:false"`
	Contest   *contestRow `gorm:"constraint:OnDelete:CASCADE"`
	UserID    int64       `gorm:"primaryKey;autoIncrement:false;index"`
	User      *userRow    `gorm:"constraint:OnDelete:CASCADE"`
}

func (contestParticipantRow) TableName() string { return "contest_participants" }

func contestRowOf(c judge.Contest) contestRow {
	r := contestRow{ID: c.ID, Title: c.Title, StartTime: c.StartTime.UTC(), DurationSeconds: int64(c.Duration / time.Second),
		FreezeSeconds: int64(c.Freeze / time.Second), Scoring: string(c.Scoring), Everyone: c.Everyone,
		RegistrationCode: c.RegistrationCode, Public: c.Public}
	r.UnfrozenAt = utcPtr(c.UnfrozenAt)
	return r
}

func (r contestRow) domain() judge.Contest {
	c := judge.Contest{ID: r.ID, Title: r.Title, StartTime: r.StartTime.UTC(), Duration: time.Duration(r.DurationSeconds) * time.Second,
		Freeze: time.Duration(r.FreezeSeconds) * time.Second, Scoring: judge.Scoring(r.Scoring), Everyone: r.Everyone,
		RegistrationCode: r.RegistrationCode, Public: r.Public, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
	c.UnfrozenAt = utcPtr(r.UnfrozenAt)
	return c
}

// writeContestParts replaces the problems and teams of contest id. A
// contest given with Participants and no Teams (as before teams) makes
// each participant a team of one.
func writeContestParts(tx *gorm.DB, id int64, c judge.Contest) error {
	rows := make([]contestProblemRow, len(c.Problems))
	for i, p := range c.Problems {
		rows[i] = contestProblemRow{ContestID: id, ProblemID: p.ProblemID, Label: p.Label, Position: i + 1}
	}
	if err := replaceChildren(tx, "contest_id", id, rows); err != nil {
		return err
	}
	if c.Teams == nil {
		for _, u := range c.Participants {
			c.Teams = append(c.Teams, judge.ContestTeam{Name: u, Members: []string{u}})
		}
	}
	return writeTeams(tx, id, c)
}

// CreateContest stores a contest, its problems and participants in one
// transaction.
func (d *DB) CreateContest(ctx context.Context, c judge.Contest) (judge.Contest, error) {
	row := contestRowOf(c)
	row.ID, row.TeamsMade = 0, true
	return createWithParts(ctx, d, row, "contest", func(tx *gorm.DB, id int64) error { return writeContestParts(tx, id, c) }, d.Contest)
}

// UpdateContest replaces a contest's fields, problems and participants.
func (d *DB) UpdateContest(ctx context.Context, c judge.Contest) (judge.Contest, error) {
	row := contestRowOf(c)
	return updateWithParts(ctx, d, &contestRow{ID: c.ID}, c.ID, "contest", map[string]any{"title": row.Title, "start_time": row.StartTime,
		"duration_seconds": row.DurationSeconds, "freeze_seconds": row.FreezeSeconds, "scoring": row.Scoring, "everyone": row.Everyone,
		"registration_code": row.RegistrationCode, "public": row.Public, "unfrozen_at": row.UnfrozenAt},
		func(tx *gorm.DB) error { return writeContestParts(tx, c.ID, c) }, d.Contest)
}

// Contest returns a contest with its problems in label order and its
// teams.
func (d *DB) Contest(ctx context.Context, id int64) (judge.Contest, error) {
	return takeWithParts(ctx, d, id, "contest", d.withContestParts)
}

// Contests returns every contest, by start time then id.
func (d *DB) Contests(ctx context.Context) ([]judge.Contest, error) {
	return findWithParts(ctx, d, "start_time, id", "contests", d.withContestParts)
}

// withContestParts reads the problems and teams of the contests of rows.
func (d *DB) withContestParts(ctx context.Context, rows []contestRow) ([]judge.Contest, error) {
	out, err := withListed(ctx, d, rows, "contest_problems", "contest_id", "label", func(c *judge.Contest, p listedProblem) {
		c.Problems = append(c.Problems, judge.ContestProblem{ProblemID: p.ProblemID, Label: p.Label, Slug: p.Slug, Title: p.Title, TitleZH: p.TitleZH,
			Draft: p.Draft, Archived: p.Archived})
	})
	if err != nil || len(out) == 0 {
		return out, err
	}
	if err := d.withTeams(ctx, out); err != nil {
		return nil, err
	}
	return out, nil
}

// contestSubmissions selects what a board reads of the submissions.
func (d *DB) contestSubmissions(ctx context.Context) *gorm.DB {
	return d.db.WithContext(ctx).Table("submissions").
		Select("submissions.id, submissions.user_id, users.username, submissions.problem_id, submissions.created_at, " +
			"submissions.status, submissions.verdict, submissions.score").
		Joins("JOIN users ON users.id = submissions.user_id")
}

type contestSubmissionView struct {
	ID        int64
	UserID    int64
	Username  string
	ProblemID *int64
	CreatedAt time.Time
	Status    string
	Verdict   string
	Score     float64
}

func (v contestSubmissionView) domain() judge.ContestSubmission {
	s := judge.ContestSubmission{ID: v.ID, UserID: v.UserID, Username: v.Username, CreatedAt: v.CreatedAt.UTC(),
		Status: judge.Status(v.Status), Verdict: judge.Verdict(v.Verdict), Score: v.Score}
	if v.ProblemID != nil {
		s.ProblemID = *v.ProblemID
	}
	return s
}

// ContestSubmissions returns the submissions naming a contest, by time.
func (d *DB) ContestSubmissions(ctx context.Context, contestID int64) ([]judge.ContestSubmission, error) {
	var vs []contestSubmissionView
	if err := d.contestSubmissions(ctx).Where("submissions.contest_id = ?", contestID).
		Order("submissions.created_at, submissions.id").Scan(&vs).Error; err != nil {
		return nil, d.fail(err, "contest submissions")
	}
	return fromRows[judge.ContestSubmission](vs), nil
}

// ContestChanges returns the submissions naming a contest that were made
// or judged at since or later, by time: what other processes changed on its
// board since a board read at since.
func (d *DB) ContestChanges(ctx context.Context, contestID int64, since time.Time) ([]judge.ContestSubmission, error) {
	var vs []contestSubmissionView
	if err := d.contestSubmissions(ctx).
		Where("submissions.contest_id = ? AND (submissions.created_at >= ? OR submissions.judged_at >= ?)", contestID, since.UTC(), since.UTC()).
		Order("submissions.created_at, submissions.id").Scan(&vs).Error; err != nil {
		return nil, d.fail(err, "contest submissions")
	}
	return fromRows[judge.ContestSubmission](vs), nil
}

// ContestSubmission returns one submission as a board reads it.
func (d *DB) ContestSubmission(ctx context.Context, id int64) (judge.ContestSubmission, error) {
	var v contestSubmissionView
	if err := d.contestSubmissions(ctx).Where("submissions.id = ?", id).Take(&v).Error; err != nil {
		return judge.ContestSubmission{}, d.fail(err, "submission")
	}
	return v.domain(), nil
}
