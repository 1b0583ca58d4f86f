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
	var rows []submissionRow
	err := d.db.WithContext(ctx).
		Select("id", "user_id", "problem_id", "kind", "language", "created_at", "status", "verdict", "score", "judged_at", "cpu_ms").
		Where("contest_id = ?", contestID).Order("id").Find(&rows).Error
	if err != nil {
		return nil, d.fail(err, "contest submissions")
	}
	out := make([]judge.CCSSubmission, len(rows))
	index := make(map[int64]int, len(rows))
	for i, r := range rows {
		lang := r.Language
		if judge.Kind(r.Kind) != judge.KindProgram || lang == "" {
			lang = r.Kind
		}
		out[i] = judge.CCSSubmission{ID: r.ID, UserID: r.UserID, Language: lang, CreatedAt: r.CreatedAt,
			Status: judge.Status(r.Status), Verdict: judge.Verdict(r.Verdict), Score: r.Score, JudgedAt: r.JudgedAt, CPUMs: r.CPUMs}
		if r.ProblemID != nil {
			out[i].ProblemID = *r.ProblemID
		}
		index[r.ID] = i
	}
	if len(rows) == 0 {
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
