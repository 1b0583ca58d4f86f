package store

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"puzzlejudge/judge"
)

// hot holds the statements of Submit, prepared once through database/sql:
// they run once per submission, and preparing them each time cost more than
// running them. (gorm's own statement cache is off, see Open.)
type hot struct {
	target *sql.Stmt
	insert *sql.Stmt
	move   *sql.Stmt
}

const (
	targetSQL = `SELECT p.id, COALESCE(c.problem_id, 0) FROM problems p
LEFT JOIN cases c ON c.id = ? AND c.problem_id = p.id AND c.deleted_at IS NULL WHERE p.slug = ?`
	insertSQL = `INSERT INTO submissions (user_id, problem_id, kind, case_id, puzzle, board, payload, status, verdict, score, claim_token, created_at,
	input_version, case_ids, format, rejudge_reason, changed)
VALUES (?, ?, ?, ?, '', '', ?, 'pending', '', 0, 0, ?, ?, ?, ?, '', ?) RETURNING id`
	moveSQL = `SELECT p.id, p.puzzle, c.id, c.position, c.name, c.input, c.status, c.optimal, c.solvable FROM problems p
LEFT JOIN cases c ON c.id = ? AND c.problem_id = p.id AND c.deleted_at IS NULL WHERE p.slug = ?`
)

func (d *DB) prepareHot() error {
	sqlDB, err := d.db.DB()
	if err != nil {
		return err
	}
	if d.hot.target, err = sqlDB.Prepare(d.placeholders(targetSQL)); err != nil {
		return err
	}
	if d.hot.insert, err = sqlDB.Prepare(d.placeholders(insertSQL)); err != nil {
		return err
	}
	d.hot.move, err = sqlDB.Prepare(d.placeholders(moveSQL))
	return err
}

func (h hot) close() {
	for _, s := range []*sql.Stmt{h.target, h.insert, h.move} {
		if s != nil {
			s.Close()
		}
	}
}

// placeholders turns the "?" of q into "$1", "$2"... on PostgreSQL.
func (d *DB) placeholders(q string) string {
	if !d.postgres {
		return q
	}
	var sb strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			sb.WriteString("$" + strconv.Itoa(n))
			continue
		}
		sb.WriteRune(r)
	}
	return sb.String()
}

// SubmitTarget returns the id of the problem with that slug, and whether
// caseID is one of its cases.
func (d *DB) SubmitTarget(ctx context.Context, slug string, caseID int64) (int64, bool, error) {
	var problemID, caseProblem int64
	err := d.hot.target.QueryRowContext(ctx, caseID, slug).Scan(&problemID, &caseProblem)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, judge.Errorf(judge.ENOTFOUND, "problem %s not found", slug)
	}
	if err != nil {
		return 0, false, fail(err, "problem")
	}
	return problemID, caseProblem == problemID, nil
}

// MoveTarget returns the problem with that slug and, when caseID is one of
// its current cases, the case, in one prepared query.
func (d *DB) MoveTarget(ctx context.Context, slug string, caseID int64) (judge.Problem, judge.Case, bool, error) {
	p := judge.Problem{Slug: slug}
	var (
		id, position, optimal sql.NullInt64
		name, input, status   sql.NullString
		solvable              sql.NullBool
	)
	err := d.hot.move.QueryRowContext(ctx, caseID, slug).Scan(&p.ID, &p.Puzzle, &id, &position, &name, &input, &status, &optimal, &solvable)
	if errors.Is(err, sql.ErrNoRows) {
		return p, judge.Case{}, false, judge.Errorf(judge.ENOTFOUND, "problem %s not found", slug)
	}
	if err != nil {
		return p, judge.Case{}, false, fail(err, "problem")
	}
	if !id.Valid {
		return p, judge.Case{}, false, nil
	}
	c := judge.Case{ID: id.Int64, ProblemID: p.ID, Position: int(position.Int64), Name: name.String, Input: input.String,
		Status: judge.CaseStatus(status.String), Expected: judge.Solution{Optimal: int(optimal.Int64), Solvable: solvable.Bool}}
	return p, c, true, nil
}

// CreateSubmission stores an answer or move submission as pending.
func (d *DB) CreateSubmission(ctx context.Context, s judge.Submission) (judge.Submission, error) {
	s.Status, s.Verdict, s.Score, s.JudgedAt = judge.StatusPending, "", 0, nil
	s.CreatedAt = time.Now().UTC()
	var problemID *int64
	if s.ProblemID != 0 {
		problemID = &s.ProblemID
	}
	payload, format, err := encodePayload(s)
	if err != nil {
		return judge.Submission{}, err
	}
	err = d.hot.insert.QueryRowContext(ctx, s.UserID, problemID, string(s.Kind), s.CaseID, payload, s.CreatedAt,
		s.InputVersion, encodeIDs(s.CaseIDs), format, false).Scan(&s.ID)
	if err != nil {
		return judge.Submission{}, fail(err, "submission")
	}
	return s, nil
}
