package store

// Every statement the store writes by hand instead of through gorm is in this
// file, each with the reason it stays: a measured gain on the path of every
// submission (README, "Judge", and judge/service/bench_test.go), or SQL that gorm
// cannot say. The rest of the store is gorm, so that it reads the same on
// SQLite and PostgreSQL.

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

// hot holds the statements of Submit, prepared once through database/sql:
// they run once per submission, and preparing them each time cost more than
// running them (end to end 1,000-1,500 submissions/s with three gorm queries,
// 4,600-7,400 /s with these two). gorm's own statement cache is off, see Open.
type hot struct {
	insert  *sql.Stmt
	move    *sql.Stmt
	version *sql.Stmt // CatalogueVersion, read on every problem page
}

const (
	insertSQL = `INSERT INTO submissions (user_id, problem_id, kind, case_id, puzzle, board, payload, status, verdict, score, claim_token, created_at,
	input_version, case_ids, format, rejudge_reason, changed, language, contest_id)
VALUES (?, ?, ?, ?, '', '', ?, 'pending', '', 0, 0, ?, ?, ?, ?, '', ?, ?, ?) RETURNING id`
	// moveSQL reads what a move submission is checked against (MoveTarget).
	moveSQL = `SELECT p.id, p.puzzle, c.id, c.position, c.name, c.input, c.status, c.optimal, c.solvable FROM problems p
LEFT JOIN cases c ON c.id = ? AND c.problem_id = p.id AND c.deleted_at IS NULL WHERE p.slug = ?`
)

func (d *DB) prepareHot() error {
	sqlDB, err := d.db.DB()
	if err != nil {
		return err
	}
	if d.hot.insert, err = sqlDB.Prepare(d.placeholders(insertSQL)); err != nil {
		return err
	}
	if d.hot.move, err = sqlDB.Prepare(d.placeholders(moveSQL)); err != nil {
		return err
	}
	d.hot.version, err = sqlDB.Prepare(versionSQL)
	return err
}

func (h hot) close() {
	for _, s := range []*sql.Stmt{h.insert, h.move, h.version} {
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

// MoveTarget returns the problem with that slug and, when caseID is one of
// its current cases, the case, in one prepared query.
func (d *DB) MoveTarget(ctx context.Context, slug string, caseID int64) (judge.Problem, judge.Case, bool, error) {
	p := judge.Problem{Slug: slug}
	var (
		id, position, optimal sql.NullInt64
		name, input, status   sql.NullString
		solvable              sql.NullBool
	)
	err := sql.ErrNoRows
	if storable(slug) {
		err = d.hot.move.QueryRowContext(ctx, caseID, slug).Scan(&p.ID, &p.Puzzle, &id, &position, &name, &input, &status, &optimal, &solvable)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return p, judge.Case{}, false, judge.Errorf(judge.ENOTFOUND, "problem %s not found", slug)
	}
	if err != nil {
		return p, judge.Case{}, false, d.fail(err, "problem")
	}
	if !id.Valid {
		return p, judge.Case{}, false, nil
	}
	c := judge.Case{ID: id.Int64, ProblemID: p.ID, Position: int(position.Int64), Name: name.String, Input: input.String,
		Status: judge.CaseStatus(status.String), Expected: judge.Solution{Optimal: int(optimal.Int64), Solvable: solvable.Bool}}
	return p, c, true, nil
}

// CreateSubmission stores an answer, move or program submission as pending. The
// inserts of concurrent calls are committed together (see committer), so
// that a durable commit costs one sync of the disk per group, not per
// submission.
func (d *DB) CreateSubmission(ctx context.Context, s judge.Submission) (judge.Submission, error) {
	s.Status, s.Verdict, s.Score, s.JudgedAt = judge.StatusPending, "", 0, nil
	if s.CreatedAt.IsZero() { // the service stamps it with its clock
		s.CreatedAt = time.Now().UTC()
	}
	s.CreatedAt = s.CreatedAt.UTC()
	id, err := d.inserts.insert(ctx, s)
	if err != nil {
		return judge.Submission{}, d.fail(err, "submission")
	}
	s.ID = id
	return s, nil
}

// insertSubmissions inserts a group of submissions in one transaction with
// the prepared insert, setting the id of each.
func (d *DB) insertSubmissions(group []*insertRequest) error {
	// Not the context of one caller: the group is theirs together.
	ctx := context.Background()
	d.gate.lock(true)
	defer d.gate.unlock()
	if len(group) == 1 {
		// Its own transaction already: BEGIN and COMMIT would only cost.
		return insertSubmission(ctx, d.hot.insert, group[0])
	}
	tx, err := d.sql.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() // after Commit, a no-op
	stmt := tx.StmtContext(ctx, d.hot.insert)
	for _, r := range group {
		if err := insertSubmission(ctx, stmt, r); err != nil {
			return err
		}
	}
	return tx.Commit()
}

func insertSubmission(ctx context.Context, stmt *sql.Stmt, r *insertRequest) error {
	s := r.sub
	var problemID *int64
	if s.ProblemID != 0 {
		problemID = &s.ProblemID
	}
	payload, format, err := encodePayload(s)
	if err != nil {
		return err
	}
	var contestID *int64
	if s.ContestID != 0 {
		contestID = &s.ContestID
	}
	return stmt.QueryRowContext(ctx, s.UserID, problemID, string(s.Kind), s.CaseID, payload, s.CreatedAt,
		s.InputVersion, encodeIDs(s.CaseIDs), format, false, s.Language, contestID).Scan(&r.id)
}

// finishVerdicts sets the verdicts of judgements whose claim is current and
// returns their ids, in one UPDATE ... FROM (VALUES ...) per batch: one
// UPDATE per submission judged 2,800 /s where this judged 3,700 /s under the
// same load, and gorm cannot say it. The CASTs give the VALUES columns their types on
// PostgreSQL and the same affinities on SQLite.
func finishVerdicts(tx *gorm.DB, judged []judge.Judged) ([]int64, error) {
	var sb strings.Builder
	sb.WriteString("UPDATE submissions SET status = 'done', verdict = v.column3, score = v.column4, judged_at = ?, " +
		"compile_output = v.column5, cpu_ms = v.column6, memory_kib = v.column7 FROM (VALUES ")
	args := make([]any, 0, 1+7*len(judged))
	args = append(args, judged[0].JudgedAt.UTC())
	for i, j := range judged {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString("(CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS DOUBLE PRECISION), CAST(? AS TEXT), CAST(? AS BIGINT), CAST(? AS BIGINT))")
		cpu, mem := judge.ProgramFigures(j.Results)
		args = append(args, j.ID, j.Token, string(j.Verdict), j.Score, j.CompileOutput, cpu, mem)
	}
	sb.WriteString(") AS v WHERE submissions.id = v.column1 AND submissions.claim_token = v.column2 AND submissions.status = 'judging' RETURNING submissions.id")
	var ids []int64
	err := tx.Raw(sb.String(), args...).Scan(&ids).Error
	return ids, err
}

// resultsChunk bounds the rows of one INSERT: eighteen parameters each
// (9,000 a statement, under SQLite's 32,766 and PostgreSQL's 65,535).
const resultsChunk = 500

// insertResults writes the case results of judgements in multi-row INSERTs,
// without gorm's per-row reflection and RETURNING: the INSERT is a third of
// the time a worker spends writing a batch (README, "Judge"), and gorm's
// CreateInBatches was slower.
func insertResults(tx *gorm.DB, judged []judge.Judged) error {
	const head = "INSERT INTO case_results (submission_id, case_id, case_name, position, verdict, message, message_id, message_args, used, optimal, score, cpu_ms, wall_ms, memory_kib, run_shown, run_output, run_stderr, run_expected) VALUES "
	var sb strings.Builder
	var args []any
	flush := func() error {
		if len(args) == 0 {
			return nil
		}
		err := tx.Exec(sb.String(), args...).Error
		sb.Reset()
		args = args[:0]
		return err
	}
	n := 0
	for _, j := range judged {
		for _, r := range j.Results {
			if n%resultsChunk == 0 {
				if err := flush(); err != nil {
					return err
				}
				sb.WriteString(head)
			} else {
				sb.WriteString(", ")
			}
			n++
			sb.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			var run judge.RunOutput
			if r.Run != nil {
				run = *r.Run
			}
			args = append(args, j.ID, r.CaseID, r.CaseName, r.Position, string(r.Verdict), r.Message, r.MessageID, r.MessageArgs,
				r.Used, r.Optimal, r.Score/100, // stored as a fraction: caseResultRow
				r.CPUMs, r.WallMs, r.MemoryKiB, r.Run != nil, run.Output, run.Stderr, run.Expected)
		}
	}
	return flush()
}

// catalogueLockSQL takes the advisory lock that serialises catalogue syncs
// on PostgreSQL until the transaction ends; gorm has no word for it.
const catalogueLockSQL = "SELECT pg_advisory_xact_lock(?)"

// ccsSubmissionsSQL reads the submissions of a contest for its Contest API
// (CCSSubmissions), once per sync of its event feed: through gorm the
// 20,000 rows of the contest took 170 ms of CPU to scan, most of it
// reflection; scanned by hand, a fraction of that (judge/service
// BenchmarkCCSFeedSync).
const ccsSubmissionsSQL = `SELECT id, user_id, problem_id, kind, language, created_at, status, verdict, score, judged_at, cpu_ms
FROM submissions WHERE contest_id = ? ORDER BY id`

func (d *DB) ccsSubmissionRows(ctx context.Context, contestID int64) ([]judge.CCSSubmission, error) {
	rows, err := d.sql.QueryContext(ctx, d.placeholders(ccsSubmissionsSQL), contestID)
	return collect(d, rows, err, "contest submissions", func(rows *sql.Rows) (s judge.CCSSubmission, err error) {
		var (
			problem      sql.NullInt64
			kind, lang   string
			status, verd string
			judged       sql.NullTime
		)
		err = rows.Scan(&s.ID, &s.UserID, &problem, &kind, &lang, &s.CreatedAt, &status, &verd, &s.Score, &judged, &s.CPUMs)
		s.ProblemID, s.Status, s.Verdict = problem.Int64, judge.Status(status), judge.Verdict(verd)
		s.Language = lang
		if judge.Kind(kind) != judge.KindProgram || lang == "" {
			s.Language = kind
		}
		if judged.Valid {
			t := judged.Time
			s.JudgedAt = &t
		}
		return s, err
	})
}

// collect scans each of rows, the answer of a query that failed with err
// or not, into a value with scan, and closes rows; what names the query in
// the errors.
func collect[T any](d *DB, rows *sql.Rows, err error, what string, scan func(*sql.Rows) (T, error)) ([]T, error) {
	if err != nil {
		return nil, d.fail(err, what)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, d.fail(err, what)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, d.fail(err, what)
	}
	return out, nil
}
