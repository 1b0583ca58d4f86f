package store

import (
	"context"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

// claimSQLite and claimPostgres move the oldest pending submissions to
// judging in one statement. The outer "status = 'pending'" makes the update
// conditional. On PostgreSQL, FOR UPDATE SKIP LOCKED lets several processes
// claim at once without waiting for or taking each other's rows, and the
// locked ids are picked in a MATERIALIZED CTE: written as "id IN (SELECT ...
// LIMIT n FOR UPDATE SKIP LOCKED)" the planner may run the subquery more than
// once and claim more than n rows (seen on a real server: Claim(3) took 5).
const (
	claimSQLite = `UPDATE submissions SET status = 'judging', claim_token = claim_token + 1, claimed_at = ?
WHERE status = 'pending' AND id IN (SELECT id FROM submissions WHERE status = 'pending' ORDER BY id LIMIT ?)
RETURNING id, user_id, problem_id, kind, case_id, puzzle, board, payload, claim_token, created_at`
	claimPostgres = `WITH picked AS MATERIALIZED (
	SELECT id FROM submissions WHERE status = 'pending' ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED)
UPDATE submissions AS s SET status = 'judging', claim_token = s.claim_token + 1, claimed_at = ?
FROM picked WHERE s.id = picked.id AND s.status = 'pending'
RETURNING s.id, s.user_id, s.problem_id, s.kind, s.case_id, s.puzzle, s.board, s.payload, s.claim_token, s.created_at`
)

// Claim moves up to n pending submissions to judging and returns them, oldest
// first.
func (d *DB) Claim(ctx context.Context, n int) ([]judge.Claim, error) {
	q, args := claimSQLite, []any{time.Now().UTC(), n}
	if d.postgres {
		q, args = claimPostgres, []any{n, time.Now().UTC()}
	}
	var rows []submissionRow
	if err := d.db.WithContext(ctx).Raw(q, args...).Scan(&rows).Error; err != nil {
		return nil, fail(err, "claim")
	}
	slices.SortFunc(rows, func(a, b submissionRow) int { return int(a.ID - b.ID) })
	out := make([]judge.Claim, len(rows))
	for i, r := range rows {
		r.Status = string(judge.StatusJudging)
		out[i] = judge.Claim{Submission: viewOf(r).domain(), Token: r.ClaimToken}
	}
	return out, nil
}

// finishChunk bounds the judgements of one UPDATE: four parameters each,
// well below the parameter limits of SQLite (32766) and PostgreSQL (65535).
const finishChunk = 500

// Finish writes judgements in one transaction, each only if its claim is
// still current; it returns the submissions written. One UPDATE ... FROM
// (VALUES ...) per chunk sets the verdicts and returns the ids whose claim
// held; their old results are deleted and the new ones inserted.
func (d *DB) Finish(ctx context.Context, judged []judge.Judged) (map[int64]bool, error) {
	written := map[int64]bool{}
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		clear(written)
		for chunk := range slices.Chunk(judged, finishChunk) {
			ids, err := finishVerdicts(tx, chunk)
			if err != nil {
				return err
			}
			for _, id := range ids {
				written[id] = true
			}
		}
		if len(written) == 0 {
			return nil
		}
		var rows []judge.Judged
		var ids []int64
		for _, j := range judged {
			if written[j.ID] {
				rows = append(rows, j)
				ids = append(ids, j.ID)
			}
		}
		// The results of an earlier judging (a rejudge) are replaced.
		for chunk := range slices.Chunk(ids, resultsChunk) {
			q := "DELETE FROM case_results WHERE submission_id IN (?" + strings.Repeat(", ?", len(chunk)-1) + ")"
			args := make([]any, len(chunk))
			for i, id := range chunk {
				args[i] = id
			}
			if err := tx.Exec(q, args...).Error; err != nil {
				return err
			}
		}
		return insertResults(tx, rows)
	})
	if err != nil {
		return nil, fail(err, "finish")
	}
	return written, nil
}

// finishVerdicts sets the verdicts of judgements whose claim is current and
// returns their ids. The CASTs give the VALUES columns their types on
// PostgreSQL and the same affinities on SQLite.
func finishVerdicts(tx *gorm.DB, judged []judge.Judged) ([]int64, error) {
	var sb strings.Builder
	sb.WriteString("UPDATE submissions SET status = 'done', verdict = v.column3, score = v.column4, judged_at = ? FROM (VALUES ")
	args := make([]any, 0, 1+4*len(judged))
	args = append(args, judged[0].JudgedAt.UTC())
	for i, j := range judged {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString("(CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS DOUBLE PRECISION))")
		args = append(args, j.ID, j.Token, string(j.Verdict), j.Score)
	}
	sb.WriteString(") AS v WHERE submissions.id = v.column1 AND submissions.claim_token = v.column2 AND submissions.status = 'judging' RETURNING submissions.id")
	var ids []int64
	err := tx.Raw(sb.String(), args...).Scan(&ids).Error
	return ids, err
}

// Release puts claimed submissions back to pending if their claim is still
// current.
func (d *DB) Release(ctx context.Context, claims []judge.Claim) error {
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, c := range claims {
			err := tx.Exec("UPDATE submissions SET status = 'pending' WHERE id = ? AND claim_token = ? AND status = 'judging'", c.ID, c.Token).Error
			if err != nil {
				return err
			}
		}
		return nil
	})
	return fail(err, "release")
}

// resultsChunk bounds the rows of one INSERT: nine parameters each.
const resultsChunk = 500

// insertResults writes the case results of judgements in multi-row INSERTs,
// without gorm's per-row reflection and RETURNING.
func insertResults(tx *gorm.DB, judged []judge.Judged) error {
	const head = "INSERT INTO case_results (submission_id, case_id, case_name, position, verdict, message, used, optimal, score) VALUES "
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
			sb.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, j.ID, r.CaseID, r.CaseName, r.Position, string(r.Verdict), r.Message, r.Used, r.Optimal, r.Score/100) // stored as a fraction: caseResultRow
		}
	}
	return flush()
}

// ResetJudging puts the submissions claimed before a time and still judging
// back to pending: their worker died.
func (d *DB) ResetJudging(ctx context.Context, claimedBefore time.Time) (int, error) {
	res := d.db.WithContext(ctx).Model(&submissionRow{}).
		Where("status = ? AND (claimed_at IS NULL OR claimed_at < ?)", string(judge.StatusJudging), claimedBefore.UTC()).
		Update("status", string(judge.StatusPending))
	return int(res.RowsAffected), fail(res.Error, "submissions")
}

// Requeue puts the answer and move submissions of a problem back to pending;
// their verdicts and results stay until the new ones are written.
func (d *DB) Requeue(ctx context.Context, problemID int64) (int, error) {
	res := d.db.WithContext(ctx).Model(&submissionRow{}).
		Where("problem_id = ? AND kind IN ?", problemID, []string{string(judge.KindAnswer), string(judge.KindMoves)}).
		Update("status", string(judge.StatusPending))
	return int(res.RowsAffected), fail(res.Error, "submissions")
}

// QueueLength returns the number of pending or judging submissions.
func (d *DB) QueueLength(ctx context.Context) (int, error) {
	var n int64
	err := d.db.WithContext(ctx).Model(&submissionRow{}).
		Where("status IN ?", []string{string(judge.StatusPending), string(judge.StatusJudging)}).Count(&n).Error
	return int(n), fail(err, "submissions")
}
