package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

// submissionView is a submission row with the names joined from users and
// problems.
type submissionView struct {
	ID          int64
	UserID      int64
	ProblemID   *int64
	Kind        string
	CaseID      int64
	Puzzle      string
	Board       string
	Payload     string
	Status      string
	Verdict     string
	Score       float64
	CreatedAt   time.Time
	JudgedAt    *time.Time
	Username    string
	ProblemSlug string

	InputVersion  string
	CaseIDs       string
	Format        string
	Changed       bool
	Language      string
	CPUMs         int64 `gorm:"column:cpu_ms"`
	MemoryKiB     int64 `gorm:"column:memory_kib"`
	ContestID     *int64
	WaitingBoards int
}

// viewOf is the view of a row read without the joined names.
func viewOf(r submissionRow) submissionView {
	return submissionView{
		ID: r.ID, UserID: r.UserID, ProblemID: r.ProblemID, Kind: r.Kind, CaseID: r.CaseID, Puzzle: r.Puzzle,
		Board: r.Board, Payload: r.Payload, Status: r.Status, Verdict: r.Verdict, Score: r.Score,
		CreatedAt: r.CreatedAt, JudgedAt: r.JudgedAt,
		InputVersion: r.InputVersion, CaseIDs: r.CaseIDs, Format: r.Format, Changed: r.Changed,
		Language: r.Language, CPUMs: r.CPUMs, MemoryKiB: r.MemoryKiB, ContestID: r.ContestID, WaitingBoards: r.WaitingBoards,
	}
}

func (v submissionView) domain() judge.Submission {
	s := judge.Submission{
		ID: v.ID, UserID: v.UserID, Username: v.Username, ProblemSlug: v.ProblemSlug,
		Kind: judge.Kind(v.Kind), CaseID: v.CaseID, Payload: v.Payload, Puzzle: v.Puzzle, Board: v.Board,
		Status: judge.Status(v.Status), Verdict: judge.Verdict(v.Verdict), Score: v.Score,
		CreatedAt: v.CreatedAt, JudgedAt: v.JudgedAt,
		InputVersion: v.InputVersion, CaseIDs: decodeIDs(v.CaseIDs), Changed: v.Changed,
		Language: v.Language, CPUMs: v.CPUMs, MemoryKiB: v.MemoryKiB, Waiting: v.WaitingBoards,
	}
	if v.ProblemID != nil {
		s.ProblemID = *v.ProblemID
	}
	if v.ContestID != nil {
		s.ContestID = *v.ContestID
	}
	if v.Format == formatPerCase {
		s.Outputs, s.Payload = decodeOutputs(v.Payload), ""
	}
	return s
}

func rowOf(s judge.Submission) submissionRow {
	r := submissionRow{
		UserID: s.UserID, Kind: string(s.Kind), CaseID: s.CaseID, Puzzle: s.Puzzle, Board: s.Board,
		Payload: s.Payload, Language: s.Language, Status: string(s.Status), Verdict: string(s.Verdict), Score: s.Score, JudgedAt: s.JudgedAt,
		CPUMs: s.CPUMs, MemoryKiB: s.MemoryKiB, // a judged submission's (CreateJudged), 0 for a new one
		CreatedAt: s.CreatedAt, // zero: gorm stamps it
	}
	if s.ProblemID != 0 {
		id := s.ProblemID
		r.ProblemID = &id
	}
	if s.ContestID != 0 {
		id := s.ContestID
		r.ContestID = &id
	}
	return r
}

// CreateJudged stores a judged submission and its results in one transaction.
func (d *DB) CreateJudged(ctx context.Context, s judge.Submission, results []judge.CaseResult) (judge.Submission, error) {
	row := rowOf(s)
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&row).Error; err != nil {
			return err
		}
		return insertResults(tx, []judge.Judged{{ID: row.ID, Results: results}})
	})
	if err != nil {
		return judge.Submission{}, d.fail(err, "submission")
	}
	s.ID, s.CreatedAt, s.Results = row.ID, row.CreatedAt, results
	return s, nil
}

func (d *DB) views(ctx context.Context) *gorm.DB {
	return d.db.WithContext(ctx).Table("submissions").
		Select("submissions.id, submissions.user_id, submissions.problem_id, submissions.kind, submissions.case_id, " +
			"submissions.puzzle, submissions.board, submissions.payload, submissions.status, submissions.verdict, " +
			"submissions.score, submissions.created_at, submissions.judged_at, " +
			"submissions.input_version, submissions.case_ids, submissions.format, submissions.changed, " +
			"submissions.language, submissions.cpu_ms, submissions.memory_kib, submissions.contest_id, submissions.waiting_boards, " +
			"users.username AS username, COALESCE(problems.slug, '') AS problem_slug").
		Joins("JOIN users ON users.id = submissions.user_id").
		Joins("LEFT JOIN problems ON problems.id = submissions.problem_id")
}

// Submission returns a submission with its results in case order.
func (d *DB) Submission(ctx context.Context, id int64) (judge.Submission, error) {
	var v submissionView
	if err := d.views(ctx).Where("submissions.id = ?", id).Take(&v).Error; err != nil {
		return judge.Submission{}, d.fail(err, "submission")
	}
	var rows []caseResultRow
	if err := d.db.WithContext(ctx).Where("submission_id = ?", id).Order("position, id").Find(&rows).Error; err != nil {
		return judge.Submission{}, d.fail(err, "results")
	}
	s := v.domain()
	if s.Kind == judge.KindProgram { // not in lists: up to 64 KiB a row
		if err := d.db.WithContext(ctx).Model(&submissionRow{}).Where("id = ?", id).Pluck("compile_output", &s.CompileOutput).Error; err != nil {
			return judge.Submission{}, d.fail(err, "submission")
		}
	}
	s.Results = make([]judge.CaseResult, len(rows))
	for i, r := range rows {
		s.Results[i] = r.domain()
	}
	return s, nil
}

// Submissions returns the submissions matching f, newest first, and their
// total count.
func (d *DB) Submissions(ctx context.Context, f judge.SubmissionFilter) ([]judge.Submission, int, error) {
	if !storable(f.ProblemSlug) || !storable(f.Username) || !storable(string(f.Verdict)) {
		return []judge.Submission{}, 0, nil // no problem, user or verdict has such a name
	}
	q := d.views(ctx)
	if f.UserID != 0 {
		q = q.Where("submissions.user_id = ?", f.UserID)
	}
	if f.ProblemSlug != "" {
		q = q.Where("problems.slug = ?", f.ProblemSlug)
	}
	if f.ContestID != 0 {
		q = q.Where("submissions.contest_id = ?", f.ContestID)
	}
	if f.Usernames != nil {
		q = q.Where("users.username IN ?", append(f.Usernames, ""))
	}
	if f.Username != "" {
		q = q.Where("users.username = ?", f.Username)
	}
	if f.Verdict != "" {
		var ok bool
		if q, ok = whereVerdict(q, f); !ok {
			return []judge.Submission{}, 0, nil
		}
	}
	var total int64
	if err := q.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, d.fail(err, "submissions")
	}
	limit := f.Limit
	if limit <= 0 || limit > 1000 {
		limit = 50
	}
	var vs []submissionView
	if err := q.Order("submissions.id DESC").Limit(limit).Offset(max(f.Offset, 0)).Find(&vs).Error; err != nil {
		return nil, 0, d.fail(err, "submissions")
	}
	out := make([]judge.Submission, len(vs))
	for i, v := range vs {
		out[i] = v.domain()
	}
	return out, int(total), nil
}

// whereVerdict filters q by f.Verdict as the viewer reads verdicts: moves
// on a case of f.Withheld that were accepted or suboptimal read as
// judge.Solved (see judge.WithholdVerdict). ok is false when nothing can
// match.
func whereVerdict(q *gorm.DB, f judge.SubmissionFilter) (_ *gorm.DB, ok bool) {
	solved := []string{string(judge.Accepted), string(judge.Suboptimal)}
	switch {
	case f.Verdict == judge.Solved:
		if len(f.Withheld) == 0 {
			return q, false
		}
		return q.Where("submissions.kind = ? AND submissions.case_id IN ? AND submissions.verdict IN ?", string(judge.KindMoves), f.Withheld, solved), true
	case len(f.Withheld) > 0 && (f.Verdict == judge.Accepted || f.Verdict == judge.Suboptimal):
		return q.Where("submissions.verdict = ? AND NOT (submissions.kind = ? AND submissions.case_id IN ?)", string(f.Verdict), string(judge.KindMoves), f.Withheld), true
	}
	return q.Where("submissions.verdict = ?", string(f.Verdict)), true
}
