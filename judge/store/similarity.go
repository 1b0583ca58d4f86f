package store

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

// similarityReportRow is a similarity report (judge.SimilarityReport).
// ClaimedAt is the lease of the process running it, renewed with its
// progress; ClaimToken grows with every claim, so that a process whose
// lease was taken over writes nothing more. AutoKey ("assignment:7") is set
// on automatic reports only, unique, so that of several processes noticing
// the same end one stores the report.
type similarityReportRow struct {
	ID          int64   `gorm:"primaryKey"`
	Scope       string  `gorm:"size:16;not null;index:idx_similarity_scope,priority:1"`
	ScopeID     int64   `gorm:"not null;index:idx_similarity_scope,priority:2"`
	Title       string  `gorm:"not null"`
	Options     string  `gorm:"not null"` // JSON
	Status      string  `gorm:"size:16;not null;index"`
	Reason      string  `gorm:"not null;default:''"`
	Progress    string  `gorm:"not null;default:''"`
	Programs    int     `gorm:"not null;default:0"`
	PairCount   int     `gorm:"not null;default:0"`
	RequestedBy string  `gorm:"size:64;not null;default:''"`
	AutoKey     *string `gorm:"size:64;uniqueIndex"`
	CreatedAt   time.Time
	StartedAt   *time.Time
	FinishedAt  *time.Time
	ClaimedAt   *time.Time
	ClaimToken  int64 `gorm:"not null;default:0"`
}

func (similarityReportRow) TableName() string { return "similarity_reports" }

func (r similarityReportRow) domain() judge.SimilarityReport {
	out := judge.SimilarityReport{ID: r.ID, Scope: r.Scope, ScopeID: r.ScopeID, Title: r.Title, Status: r.Status,
		Reason: r.Reason, Progress: r.Progress, Programs: r.Programs, PairCount: r.PairCount, RequestedBy: r.RequestedBy,
		Automatic: r.AutoKey != nil, CreatedAt: r.CreatedAt, StartedAt: r.StartedAt, FinishedAt: r.FinishedAt}
	_ = json.Unmarshal([]byte(r.Options), &out.Options)
	return out
}

// similarityPairRow is a pair of a report; Rank orders a report's pairs,
// 1 the most similar. The programs are copied (user, language, problem),
// so that the report reads the same after an account is renamed.
type similarityPairRow struct {
	ID              int64                `gorm:"primaryKey"`
	ReportID        int64                `gorm:"not null;index:idx_similarity_pairs_rank,priority:1"`
	Report          *similarityReportRow `gorm:"constraint:OnDelete:CASCADE"`
	Rank            int                  `gorm:"not null;index:idx_similarity_pairs_rank,priority:2"`
	Problem         string               `gorm:"size:64;not null"`
	LeftSubmission  int64                `gorm:"not null"`
	LeftUserID      int64                `gorm:"not null"`
	LeftUser        string               `gorm:"size:64;not null"`
	LeftLanguage    string               `gorm:"size:32;not null"`
	RightSubmission int64                `gorm:"not null"`
	RightUserID     int64                `gorm:"not null"`
	RightUser       string               `gorm:"size:64;not null"`
	RightLanguage   string               `gorm:"size:32;not null"`
	Similarity      float64              `gorm:"not null"`
	LongestFragment int                  `gorm:"not null"`
	Overlap         int                  `gorm:"not null"`
	Fragments       string               `gorm:"not null"` // JSON [[ls,le,rs,re],...]
}

func (similarityPairRow) TableName() string { return "similarity_pairs" }

func (r similarityPairRow) domain() judge.SimilarityPair {
	p := judge.SimilarityPair{ID: r.ID, ReportID: r.ReportID, Rank: r.Rank,
		Left:       judge.SimilarityProgram{Submission: r.LeftSubmission, UserID: r.LeftUserID, User: r.LeftUser, Language: r.LeftLanguage, Problem: r.Problem},
		Right:      judge.SimilarityProgram{Submission: r.RightSubmission, UserID: r.RightUserID, User: r.RightUser, Language: r.RightLanguage, Problem: r.Problem},
		Similarity: r.Similarity, LongestFragment: r.LongestFragment, Overlap: r.Overlap, Fragments: []judge.SimilarityFragment{}}
	var fs [][4]int
	_ = json.Unmarshal([]byte(r.Fragments), &fs)
	for _, f := range fs {
		p.Fragments = append(p.Fragments, judge.SimilarityFragment{Left: judge.LineRange{Start: f[0], End: f[1]}, Right: judge.LineRange{Start: f[2], End: f[3]}})
	}
	return p
}

// similarityRows are the tables of the reports, for migrate.
func similarityRows() []any { return []any{&similarityReportRow{}, &similarityPairRow{}} }

// errLostSimilarity is the answer to a write under a claim no longer current.
var errLostSimilarity = judge.Errorf(judge.ECONFLICT, "the lease on this similarity report was taken over")

// CreateSimilarity stores a new pending report.
func (d *DB) CreateSimilarity(ctx context.Context, r judge.SimilarityReport) (int64, error) {
	opts, _ := json.Marshal(r.Options)
	row := similarityReportRow{Scope: r.Scope, ScopeID: r.ScopeID, Title: r.Title, Options: string(opts), Status: judge.SimPending,
		RequestedBy: r.RequestedBy, CreatedAt: r.CreatedAt.UTC()}
	if r.Automatic {
		key := r.Scope + ":" + strconv.FormatInt(r.ScopeID, 10)
		row.AutoKey = &key
	}
	err := d.db.WithContext(ctx).Create(&row).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return 0, judge.Errorf(judge.ECONFLICT, "the %s has an automatic similarity report already", r.Scope)
	}
	return row.ID, d.fail(err, "similarity report")
}

// SimilarityReport returns a report without its pairs.
func (d *DB) SimilarityReport(ctx context.Context, id int64) (judge.SimilarityReport, error) {
	return byID[similarityReportRow, judge.SimilarityReport](ctx, d, id, "similarity report")
}

// SimilarityReports lists the reports of a scope, newest first.
func (d *DB) SimilarityReports(ctx context.Context, scope string, scopeID int64, limit int) ([]judge.SimilarityReport, error) {
	q := d.db.WithContext(ctx).Model(&similarityReportRow{})
	if scope != "" {
		q = q.Where("scope = ?", scope)
	}
	if scopeID != 0 {
		q = q.Where("scope_id = ?", scopeID)
	}
	if limit <= 0 || limit > 1000 {
		limit = 100
	}
	var rows []similarityReportRow
	if err := q.Order("id DESC").Limit(limit).Find(&rows).Error; err != nil {
		return nil, d.fail(err, "similarity reports")
	}
	return fromRows[judge.SimilarityReport](rows), nil
}

// SimilarityPairs returns the pairs of a report in rank order.
func (d *DB) SimilarityPairs(ctx context.Context, reportID int64, offset, limit int) ([]judge.SimilarityPair, error) {
	q := d.db.WithContext(ctx).Where("report_id = ?", reportID).Order("rank").Offset(max(offset, 0))
	if limit > 0 {
		q = q.Limit(limit)
	}
	var rows []similarityPairRow
	if err := q.Find(&rows).Error; err != nil {
		return nil, d.fail(err, "similarity pairs")
	}
	return fromRows[judge.SimilarityPair](rows), nil
}

// SimilarityPair returns one pair of a report.
func (d *DB) SimilarityPair(ctx context.Context, reportID, pairID int64) (judge.SimilarityPair, error) {
	var row similarityPairRow
	if err := d.db.WithContext(ctx).Where("id = ? AND report_id = ?", pairID, reportID).Take(&row).Error; err != nil {
		return judge.SimilarityPair{}, d.fail(err, "similarity pair")
	}
	return row.domain(), nil
}

// ClaimSimilarity takes the oldest report waiting, with a conditional
// UPDATE: of several processes trying at once, one sees its row changed.
func (d *DB) ClaimSimilarity(ctx context.Context, staleBefore time.Time) (judge.SimilarityClaim, bool, error) {
	for range 3 { // another process may take the one found first
		var row similarityReportRow
		err := d.db.WithContext(ctx).Where("status = ? OR (status = ? AND (claimed_at IS NULL OR claimed_at < ?))",
			judge.SimPending, judge.SimRunning, staleBefore.UTC()).Order("id").Take(&row).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return judge.SimilarityClaim{}, false, nil
		}
		if err != nil {
			return judge.SimilarityClaim{}, false, d.fail(err, "similarity report")
		}
		now := time.Now().UTC()
		res := d.db.WithContext(ctx).Model(&similarityReportRow{}).Where("id = ? AND claim_token = ?", row.ID, row.ClaimToken).
			Updates(map[string]any{"status": judge.SimRunning, "claimed_at": now, "claim_token": row.ClaimToken + 1, "started_at": now})
		if res.Error != nil {
			return judge.SimilarityClaim{}, false, d.fail(res.Error, "similarity report")
		}
		if res.RowsAffected == 1 {
			row.Status, row.ClaimedAt, row.ClaimToken, row.StartedAt = judge.SimRunning, &now, row.ClaimToken+1, &now
			return judge.SimilarityClaim{SimilarityReport: row.domain(), Token: row.ClaimToken}, true, nil
		}
	}
	return judge.SimilarityClaim{}, false, nil
}

// SimilarityProgress records progress and renews the lease.
func (d *DB) SimilarityProgress(ctx context.Context, id, token int64, progress string) error {
	res := d.db.WithContext(ctx).Model(&similarityReportRow{}).Where("id = ? AND claim_token = ? AND status = ?", id, token, judge.SimRunning).
		Updates(map[string]any{"progress": progress, "claimed_at": time.Now().UTC()})
	if res.Error != nil {
		return d.fail(res.Error, "similarity report")
	}
	if res.RowsAffected == 0 {
		return errLostSimilarity
	}
	return nil
}

// FinishSimilarity stores the pairs and ends the report.
func (d *DB) FinishSimilarity(ctx context.Context, id, token int64, status, reason string, programs int, pairs []judge.SimilarityPair) error {
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&similarityReportRow{}).Where("id = ? AND claim_token = ? AND status = ?", id, token, judge.SimRunning).
			Updates(map[string]any{"status": status, "reason": reason, "programs": programs, "pair_count": len(pairs),
				"finished_at": time.Now().UTC(), "claimed_at": nil})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return errLostSimilarity
		}
		rows := make([]similarityPairRow, len(pairs))
		for i, p := range pairs {
			fs := make([][4]int, len(p.Fragments))
			for j, f := range p.Fragments {
				fs[j] = [4]int{f.Left.Start, f.Left.End, f.Right.Start, f.Right.End}
			}
			frag, _ := json.Marshal(fs)
			rows[i] = similarityPairRow{ReportID: id, Rank: i + 1, Problem: p.Left.Problem,
				LeftSubmission: p.Left.Submission, LeftUserID: p.Left.UserID, LeftUser: p.Left.User, LeftLanguage: p.Left.Language,
				RightSubmission: p.Right.Submission, RightUserID: p.Right.UserID, RightUser: p.Right.User, RightLanguage: p.Right.Language,
				Similarity: p.Similarity, LongestFragment: p.LongestFragment, Overlap: p.Overlap, Fragments: string(frag)}
		}
		return replaceChildren(tx, "report_id", id, rows)
	})
	return d.fail(err, "similarity report")
}

// SimilarityCandidates lists the programs sel selects, oldest first, by
// students only.
func (d *DB) SimilarityCandidates(ctx context.Context, sel judge.SimilaritySelect) ([]judge.SimilarityCandidate, error) {
	if len(sel.ProblemIDs) == 0 {
		return []judge.SimilarityCandidate{}, nil
	}
	var rows []struct {
		ID        int64
		UserID    int64
		Username  string
		ProblemID int64
		Slug      string
		Language  string
		CreatedAt time.Time
	}
	q := d.db.WithContext(ctx).Table("submissions").
		Select("submissions.id, submissions.user_id, users.username, submissions.problem_id, problems.slug, submissions.language, submissions.created_at").
		Joins("JOIN users ON users.id = submissions.user_id").
		Joins("JOIN problems ON problems.id = submissions.problem_id").
		Where("submissions.kind = ? AND submissions.problem_id IN ? AND users.role = ?", string(judge.KindProgram), sel.ProblemIDs, string(judge.RoleStudent))
	if sel.ContestID != 0 {
		q = q.Where("submissions.contest_id = ?", sel.ContestID)
	}
	if sel.From != nil {
		q = q.Where("submissions.created_at >= ?", sel.From.UTC())
	}
	if sel.To != nil {
		q = q.Where("submissions.created_at < ?", sel.To.UTC())
	}
	if err := q.Order("submissions.id").Scan(&rows).Error; err != nil {
		return nil, d.fail(err, "submissions")
	}
	out := make([]judge.SimilarityCandidate, len(rows))
	for i, r := range rows {
		out[i] = judge.SimilarityCandidate{ProblemID: r.ProblemID, CreatedAt: r.CreatedAt, SimilarityProgram: judge.SimilarityProgram{
			Submission: r.ID, UserID: r.UserID, User: r.Username, Language: r.Language, Problem: r.Slug}}
	}
	return out, nil
}

// sourcesChunk is how many submissions one query of SimilaritySources
// names (PostgreSQL takes at most 65535 parameters).
const sourcesChunk = 500

// SimilaritySources returns the sources of submissions, by id.
func (d *DB) SimilaritySources(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	for start := 0; start < len(ids); start += sourcesChunk {
		var rows []struct {
			ID      int64
			Payload string
		}
		err := d.db.WithContext(ctx).Table("submissions").Select("id, payload").
			Where("id IN ?", ids[start:min(start+sourcesChunk, len(ids))]).Scan(&rows).Error
		if err != nil {
			return nil, d.fail(err, "submissions")
		}
		for _, r := range rows {
			out[r.ID] = r.Payload
		}
	}
	return out, nil
}
