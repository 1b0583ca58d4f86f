package store

import (
	"context"

	"puzzlejudge/judge"
)

// CCSSubmissions returns the submissions that name the contest, in id
// order, with what the Contest API shows of them: their language (a
// program's, or the kind of a text), when they were judged, and the
// judgings a rejudge replaced. Two queries: the submissions, then the
// history of them all.
func (d *DB) CCSSubmissions(ctx context.Context, contestID int64) ([]judge.CCSSubmission, error) {
	out, err := d.ccsSubmissionRows(ctx, contestID)
	if err != nil {
		return nil, err
	}
	index := make(map[int64]int, len(out))
	for i, s := range out {
		index[s.ID] = i
	}
	if len(out) == 0 {
		return out, nil
	}
	var hist []historyRow
	err = d.db.WithContext(ctx).
		Where("submission_id IN (SELECT id FROM submissions WHERE contest_id = ?)", contestID).
		Order("submission_id, id").Find(&hist).Error
	if err != nil {
		return nil, d.fail(err, "contest submissions' history")
	}
	for _, h := range hist {
		if i, ok := index[h.SubmissionID]; ok {
			out[i].History = append(out[i].History, h.domain())
		}
	}
	return out, nil
}
