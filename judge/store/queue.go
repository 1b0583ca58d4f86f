package store

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

// finishChunk bounds the judgements of one UPDATE: four parameters each,
// well below the parameter limits of SQLite (32766) and PostgreSQL (65535).
const finishChunk = 500

// Finish writes judgements in one transaction, each only if its claim is
// still current; it returns the submissions written. One UPDATE ... FROM
// (VALUES ...) per chunk sets the verdicts and returns the ids whose claim
// held; their old results are deleted and the new ones inserted.
func (d *DB) Finish(ctx context.Context, judged []judge.Judged) (map[int64]bool, error) {
	written := map[int64]bool{}
	defer d.gate.release(d.gate.worker())
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		clear(written)
		before, err := judgedBefore(tx, judged)
		if err != nil {
			return err
		}
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
		if err := keepJudgings(tx, before, rows); err != nil {
			return err
		}
		// The results of an earlier judging (a rejudge) are replaced; its
		// verdict and score stay in the history.
		for chunk := range slices.Chunk(ids, resultsChunk) {
			if err := tx.Where("submission_id IN ?", chunk).Delete(&caseResultRow{}).Error; err != nil {
				return err
			}
		}
		return insertResults(tx, rows)
	})
	if err != nil {
		return nil, d.fail(err, "finish")
	}
	return written, nil
}

// Release puts claimed submissions back to pending if their claim is still
// current.
func (d *DB) Release(ctx context.Context, claims []judge.Claim) error {
	defer d.gate.release(d.gate.worker())
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, c := range claims {
			err := tx.Model(&submissionRow{}).Where("id = ? AND claim_token = ? AND status = ?", c.ID, c.Token, string(judge.StatusJudging)).
				Update("status", string(judge.StatusPending)).Error
			if err != nil {
				return err
			}
		}
		return nil
	})
	return d.fail(err, "release")
}

// Renew sets claimed_at to now for the claims still current, one
// conditional UPDATE each in one transaction (a worker holds few claims:
// those it is judging), and returns the ids renewed.
func (d *DB) Renew(ctx context.Context, claims []judge.Claim) (map[int64]bool, error) {
	held := map[int64]bool{}
	now := time.Now().UTC()
	defer d.gate.release(d.gate.worker())
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		clear(held)
		for _, c := range claims {
			res := tx.Model(&submissionRow{}).Where("id = ? AND claim_token = ? AND status = ?", c.ID, c.Token, string(judge.StatusJudging)).
				Update("claimed_at", now)
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected == 1 {
				held[c.ID] = true
			}
		}
		return nil
	})
	if err != nil {
		return nil, d.fail(err, "renew")
	}
	return held, nil
}

// ResetJudging puts the submissions claimed before a time and still judging
// back to pending: their worker died.
func (d *DB) ResetJudging(ctx context.Context, claimedBefore time.Time) (int, error) {
	res := d.db.WithContext(ctx).Model(&submissionRow{}).
		Where("status = ? AND (claimed_at IS NULL OR claimed_at < ?)", string(judge.StatusJudging), claimedBefore.UTC()).
		Update("status", string(judge.StatusPending))
	return int(res.RowsAffected), d.fail(res.Error, "submissions")
}

// rejudgePriority is the Priority of a submission queued again after it had
// a verdict: it waits behind every submission that has none yet.
const rejudgePriority = 1

// QueueLength returns the number of pending or judging submissions.
func (d *DB) QueueLength(ctx context.Context) (int, error) {
	var n int64
	err := d.db.WithContext(ctx).Model(&submissionRow{}).
		Where("status IN ?", []string{string(judge.StatusPending), string(judge.StatusJudging)}).Count(&n).Error
	return int(n), d.fail(err, "submissions")
}
