package store

import (
	"context"
	"database/sql"
	"slices"
	"time"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

type assignmentRow struct {
	ID         int64     `gorm:"primaryKey"`
	Title      string    `gorm:"not null"`
	OpensAt    time.Time `gorm:"not null"`
	DueAt      time.Time `gorm:"not null"`
	LateUntil  *time.Time
	LateFactor float64 `gorm:"not null"`
	// ContestID is NULL for an assignment of its own; an older database
	// gains the column, NULL in every row, on migration.
	ContestID *int64 `gorm:"index"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (assignmentRow) TableName() string { return "assignments" }

func (r assignmentRow) key() int64 { return r.ID }

// assignmentProblemRow ties a problem to an assignment; deleting either
// deletes it.
type assignmentProblemRow struct {
	ID           int64          `gorm:"primaryKey"`
	AssignmentID int64          `gorm:"not null;index"`
	Assignment   *assignmentRow `gorm:"constraint:OnDelete:CASCADE"`
	ProblemID    int64          `gorm:"not null;index"`
	Problem      *problemRow    `gorm:"constraint:OnDelete:CASCADE"`
	Position     int            `gorm:"not null"`
	Weight       float64        `gorm:"not null"`
}

func (assignmentProblemRow) TableName() string { return "assignment_problems" }

func assignmentRowOf(a judge.Assignment) assignmentRow {
	r := assignmentRow{ID: a.ID, Title: a.Title, OpensAt: a.OpensAt.UTC(), DueAt: a.DueAt.UTC(), LateFactor: a.LateFactor}
	r.LateUntil = utcPtr(a.LateUntil)
	if a.ContestID != 0 {
		id := a.ContestID
		r.ContestID = &id
	}
	return r
}

func (r assignmentRow) domain() judge.Assignment {
	a := judge.Assignment{ID: r.ID, Title: r.Title, OpensAt: r.OpensAt.UTC(), DueAt: r.DueAt.UTC(), LateFactor: r.LateFactor,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
	a.LateUntil = utcPtr(r.LateUntil)
	if r.ContestID != nil {
		a.ContestID = *r.ContestID
	}
	return a
}

// writeAssignmentParts replaces the problems of assignment id.
func writeAssignmentParts(tx *gorm.DB, id int64, a judge.Assignment) error {
	rows := make([]assignmentProblemRow, len(a.Problems))
	for i, p := range a.Problems {
		rows[i] = assignmentProblemRow{AssignmentID: id, ProblemID: p.ProblemID, Position: i + 1, Weight: p.Weight}
	}
	return replaceChildren(tx, "assignment_id", id, rows)
}

// CreateAssignment stores an assignment and its problems in one transaction.
func (d *DB) CreateAssignment(ctx context.Context, a judge.Assignment) (judge.Assignment, error) {
	row := assignmentRowOf(a)
	row.ID = 0
	return createWithParts(ctx, d, row, "assignment", func(tx *gorm.DB, id int64) error { return writeAssignmentParts(tx, id, a) }, d.Assignment)
}

// UpdateAssignment replaces an assignment's fields and problems.
func (d *DB) UpdateAssignment(ctx context.Context, a judge.Assignment) (judge.Assignment, error) {
	row := assignmentRowOf(a)
	return updateWithParts(ctx, d, &assignmentRow{ID: a.ID}, a.ID, "assignment", map[string]any{"title": row.Title, "opens_at": row.OpensAt,
		"due_at": row.DueAt, "late_until": row.LateUntil, "late_factor": row.LateFactor, "contest_id": row.ContestID},
		func(tx *gorm.DB) error { return writeAssignmentParts(tx, a.ID, a) }, d.Assignment)
}

// DeleteAssignment deletes an assignment; its problems' rows go with it.
func (d *DB) DeleteAssignment(ctx context.Context, id int64) error {
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// Explicitly, not only by the foreign key: SQLite enforces
		// cascades only with foreign keys on, which a file opened by hand
		// may lack.
		if err := tx.Where("assignment_id = ?", id).Delete(&assignmentProblemRow{}).Error; err != nil {
			return err
		}
		res := tx.Delete(&assignmentRow{}, id)
		if res.Error == nil && res.RowsAffected == 0 {
			return gorm.ErrRecordNotFound
		}
		return res.Error
	})
	return d.fail(err, "assignment")
}

// Assignment returns an assignment with its problems in order.
func (d *DB) Assignment(ctx context.Context, id int64) (judge.Assignment, error) {
	return takeWithParts(ctx, d, id, "assignment", d.withProblems)
}

// Assignments returns every assignment with its problems, by due time.
func (d *DB) Assignments(ctx context.Context) ([]judge.Assignment, error) {
	return findWithParts(ctx, d, "due_at, id", "assignments", d.withProblems)
}

// withProblems reads the problems of every assignment of rows in one query.
func (d *DB) withProblems(ctx context.Context, rows []assignmentRow) ([]judge.Assignment, error) {
	return withListed(ctx, d, rows, "assignment_problems", "assignment_id", "weight", func(a *judge.Assignment, p listedProblem) {
		a.Problems = append(a.Problems, judge.AssignmentProblem{ProblemID: p.ProblemID, Slug: p.Slug, Title: p.Title, TitleZH: p.TitleZH, Weight: p.Weight,
			Draft: p.Draft, Archived: p.Archived})
	})
}

// bestKey orders a group's submissions by score, then id, in one integer
// that MAX can aggregate in SQLite and PostgreSQL alike: the score to four
// decimals (at most 1,000,000) above 40 bits of id.
const (
	idBits  = 40
	bestKey = "CAST(ROUND(score * 10000) AS BIGINT) * 1099511627776 + id"
)

// GradedSubmissions returns the best submission of each group of the
// window's submissions (user, problem, case, kind, judged, late) with the
// group's count and last id, in one aggregate query, and the verdicts of
// the judged groups' bests in another. The 36,000 submissions of a course
// of 300 students come back as about 5,400 rows: reading every row into Go
// cost more than SQLite's aggregation (see docs/PERFORMANCE.md, "Grades and progress").
// No time is parsed: the lateness is compared in SQL.
func (d *DB) GradedSubmissions(ctx context.Context, problemIDs []int64, from, due, to time.Time, userID int64) ([]judge.GradedSubmission, error) {
	return d.gradedGroups(ctx, problemIDs, due, userID, func(q *gorm.DB) *gorm.DB {
		return q.Where("created_at >= ? AND created_at <= ?", from.UTC(), to.UTC())
	})
}

// ContestGradedSubmissions is GradedSubmissions for the submissions that
// count in contest contestID: those that name it (one made after the end
// names none). None is late.
func (d *DB) ContestGradedSubmissions(ctx context.Context, contestID int64, problemIDs []int64, userID int64) ([]judge.GradedSubmission, error) {
	never := time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)
	return d.gradedGroups(ctx, problemIDs, never, userID, func(q *gorm.DB) *gorm.DB {
		return q.Where("contest_id = ?", contestID)
	})
}

// gradedGroups is GradedSubmissions over the submissions window selects.
func (d *DB) gradedGroups(ctx context.Context, problemIDs []int64, due time.Time, userID int64, window func(*gorm.DB) *gorm.DB) ([]judge.GradedSubmission, error) {
	if len(problemIDs) == 0 {
		return nil, nil
	}
	// flags: 1 moves, 2 judged, 4 late.
	inner := window(d.db.WithContext(ctx).Table("submissions").
		Select("user_id, problem_id, case_id, "+
			"CASE WHEN kind = ? THEN 1 ELSE 0 END + CASE WHEN status = ? THEN 2 ELSE 0 END + CASE WHEN created_at > ? THEN 4 ELSE 0 END AS flags, "+
			"id, "+bestKey+" AS k",
			string(judge.KindMoves), string(judge.StatusDone), due.UTC()).
		Where("problem_id IN ? AND kind IN ?",
			problemIDs, []string{string(judge.KindAnswer), string(judge.KindProgram), string(judge.KindMoves)}))
	if userID != 0 {
		inner = inner.Where("user_id = ?", userID)
	}
	rows, err := d.db.WithContext(ctx).Table("(?) AS w", inner).
		Select("user_id, problem_id, case_id, flags, COUNT(*), MAX(id), MAX(k)").
		Group("user_id, problem_id, case_id, flags").Rows()
	out, err := collect(d, rows, err, "submissions", func(rows *sql.Rows) (g judge.GradedSubmission, err error) {
		var flags int
		var key int64
		err = rows.Scan(&g.UserID, &g.ProblemID, &g.CaseID, &flags, &g.Count, &g.LastID, &key)
		g.ID, g.Score = key&(1<<idBits-1), float64(key>>idBits)/10000
		g.Kind, g.Done, g.Late = judge.KindAnswer, flags&2 != 0, flags&4 != 0
		if flags&1 != 0 {
			g.Kind = judge.KindMoves
		}
		return g, err
	})
	if err != nil {
		return nil, err
	}
	var ids []int64
	for _, g := range out {
		if g.Done {
			ids = append(ids, g.ID)
		}
	}
	verdicts := make(map[int64]judge.Verdict, len(ids))
	for chunk := range slices.Chunk(ids, 5000) {
		var vs []struct {
			ID      int64
			Verdict string
		}
		if err := d.db.WithContext(ctx).Table("submissions").Select("id, verdict").Where("id IN ?", chunk).Scan(&vs).Error; err != nil {
			return nil, d.fail(err, "submissions")
		}
		for _, v := range vs {
			verdicts[v.ID] = judge.Verdict(v.Verdict)
		}
	}
	for i := range out {
		out[i].Verdict = verdicts[out[i].ID]
	}
	return out, nil
}

// SubmissionTimes returns the creation time of each submission of ids.
func (d *DB) SubmissionTimes(ctx context.Context, ids []int64) (map[int64]time.Time, error) {
	out := make(map[int64]time.Time, len(ids))
	for chunk := range slices.Chunk(ids, 5000) {
		var rows []struct {
			ID        int64
			CreatedAt time.Time
		}
		if err := d.db.WithContext(ctx).Table("submissions").Select("id, created_at").Where("id IN ?", chunk).Scan(&rows).Error; err != nil {
			return nil, d.fail(err, "submissions")
		}
		for _, r := range rows {
			out[r.ID] = r.CreatedAt.UTC()
		}
	}
	return out, nil
}
