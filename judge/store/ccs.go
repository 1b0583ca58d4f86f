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

// CCSRuns returns the board results of the submissions ids (their current
// judgings: case_results holds only those), by submission, in board order;
// a compile's result is no board's.
func (d *DB) CCSRuns(ctx context.Context, ids []int64) (map[int64][]judge.CCSRun, error) {
	out := make(map[int64][]judge.CCSRun, len(ids))
	for i := 0; i < len(ids); i += 500 {
		var rows []struct {
			SubmissionID int64
			Verdict      string
			CPUMs        int64 `gorm:"column:cpu_ms"`
		}
		err := d.db.WithContext(ctx).Table("case_results").Select("submission_id, verdict, cpu_ms").
			Where("submission_id IN ? AND case_id <> 0", ids[i:min(i+500, len(ids))]).
			Order("submission_id, position, id").Scan(&rows).Error
		if err != nil {
			return nil, d.fail(err, "runs")
		}
		for _, r := range rows {
			rs := out[r.SubmissionID]
			out[r.SubmissionID] = append(rs, judge.CCSRun{Position: len(rs) + 1, Verdict: judge.Verdict(r.Verdict), CPUMs: r.CPUMs})
		}
	}
	return out, nil
}
