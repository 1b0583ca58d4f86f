package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

// contestNamed is what the rows a contest knows by name (its
// organizations, groups and teams) have in common: an id, the contest,
// which takes them with it, and a name unique within the contest. The
// index's composite id makes each table's index its own,
// idx_<table>_name. A row holds it in a field of gorm's embedded kind
// (gorm reads no field of an unexported type embedded anonymously).
type contestNamed struct {
	ID        int64       `gorm:"primaryKey"`
	ContestID int64       `gorm:"not null;uniqueIndex:,composite:name,priority:1"`
	Contest   *contestRow `gorm:"constraint:OnDelete:CASCADE"`
	Name      string      `gorm:"size:100;not null;uniqueIndex:,composite:name,priority:2"`
}

// contestOrganizationRow is an organization of a contest (a university).
type contestOrganizationRow struct {
	Named      contestNamed `gorm:"embedded"`
	FormalName string       `gorm:"size:200;not null;default:''"`
	Country    string       `gorm:"size:3;not null;default:''"`
}

func (contestOrganizationRow) TableName() string { return "contest_organizations" }

// contestGroupRow is a group (category) of a contest's teams.
type contestGroupRow struct {
	Named  contestNamed `gorm:"embedded"`
	Hidden bool         `gorm:"not null;default:false"`
}

func (contestGroupRow) TableName() string { return "contest_groups" }

// contestTeamRow is a team of a contest; its id is the team's id in the
// Contest API, kept while the team keeps its name.
type contestTeamRow struct {
	Named          contestNamed            `gorm:"embedded"`
	OrganizationID *int64                  `gorm:"index"`
	Organization   *contestOrganizationRow `gorm:"constraint:OnDelete:SET NULL"`
}

func (contestTeamRow) TableName() string { return "contest_teams" }

// contestTeamMemberRow makes a user a member of a team; its key, the
// contest and the user, keeps a user in one team of a contest.
type contestTeamMemberRow struct {
	ContestID int64           `gorm:"primaryKey;autoIncrement:false"`
	UserID    int64           `gorm:"primaryKey;autoIncrement:false;index"`
	User      *userRow        `gorm:"constraint:OnDelete:CASCADE"`
	TeamID    int64           `gorm:"not null;index"`
	Team      *contestTeamRow `gorm:"constraint:OnDelete:CASCADE"`
}

func (contestTeamMemberRow) TableName() string { return "contest_team_members" }

// contestTeamGroupRow puts a team in a group.
type contestTeamGroupRow struct {
	TeamID  int64            `gorm:"primaryKey;autoIncrement:false"`
	Team    *contestTeamRow  `gorm:"constraint:OnDelete:CASCADE"`
	GroupID int64            `gorm:"primaryKey;autoIncrement:false;index"`
	Group   *contestGroupRow `gorm:"constraint:OnDelete:CASCADE"`
}

func (contestTeamGroupRow) TableName() string { return "contest_team_groups" }

func teamRows() []any {
	return []any{&contestOrganizationRow{}, &contestGroupRow{}, &contestTeamRow{}, &contestTeamMemberRow{}, &contestTeamGroupRow{}}
}

// writeTeams makes the teams, organizations and groups of contest id those
// of c, matching the stored ones by name so that each keeps its id (the
// Contest API's, which its tools remember); those c no longer has are
// deleted. Every organization and group a team names must be in c.
func writeTeams(tx *gorm.DB, id int64, c judge.Contest) error {
	orgIDs, err := syncByName(tx, id, c.Organizations, func(o judge.Organization) string { return o.Name },
		func(r *contestOrganizationRow, o judge.Organization) error {
			r.FormalName, r.Country = o.FormalName, o.Country
			return nil
		})
	if err != nil {
		return err
	}
	groupIDs, err := syncByName(tx, id, c.Groups, func(g judge.ContestGroup) string { return g.Name },
		func(r *contestGroupRow, g judge.ContestGroup) error {
			r.Hidden = g.Hidden
			return nil
		})
	if err != nil {
		return err
	}

	// Members go first: a user moved from one team to another would
	// otherwise be in both for a moment. The teams' groups are written
	// anew below.
	if err := tx.Where("contest_id = ?", id).Delete(&contestTeamMemberRow{}).Error; err != nil {
		return err
	}
	ofContest := tx.Model(&contestTeamRow{}).Select("id").Where("contest_id = ?", id)
	if err := tx.Where("team_id IN (?)", ofContest).Delete(&contestTeamGroupRow{}).Error; err != nil {
		return err
	}
	teamIDs, err := syncByName(tx, id, c.Teams, func(t judge.ContestTeam) string { return t.Name },
		func(r *contestTeamRow, t judge.ContestTeam) error {
			r.OrganizationID = nil
			if t.Organization != "" {
				oid, ok := orgIDs[t.Organization]
				if !ok {
					return judge.Errorf(judge.EINVALID, "teams: team %q names organization %q, which the contest does not define", t.Name, t.Organization)
				}
				r.OrganizationID = &oid
			}
			return nil
		})
	if err != nil {
		return err
	}
	var usernames []string
	for _, t := range c.Teams {
		usernames = append(usernames, t.Members...)
	}
	users, err := userIDs(tx, usernames)
	if err != nil {
		return err
	}
	var members []contestTeamMemberRow
	var inGroups []contestTeamGroupRow
	for _, t := range c.Teams {
		for _, m := range t.Members {
			uid, ok := users[m]
			if !ok {
				return judge.Errorf(judge.EINVALID, "teams: team %q: no user %q", t.Name, m)
			}
			members = append(members, contestTeamMemberRow{ContestID: id, UserID: uid, TeamID: teamIDs[t.Name]})
		}
		for _, g := range t.Groups {
			gid, ok := groupIDs[g]
			if !ok {
				return judge.Errorf(judge.EINVALID, "teams: team %q names group %q, which the contest does not define", t.Name, g)
			}
			inGroups = append(inGroups, contestTeamGroupRow{TeamID: teamIDs[t.Name], GroupID: gid})
		}
	}
	if len(members) > 0 {
		if err := tx.CreateInBatches(&members, 500).Error; err != nil {
			return dupMember(err)
		}
	}
	if len(inGroups) > 0 {
		return tx.CreateInBatches(&inGroups, 500).Error
	}
	return nil
}

// A namedRow is a row of a contest known by its name within the contest
// (an organization, a group, a team): a pointer to it reaches its
// contestNamed.
type namedRow[R any] interface {
	*R
	named() *contestNamed
}

func (r *contestOrganizationRow) named() *contestNamed { return &r.Named }
func (r *contestGroupRow) named() *contestNamed        { return &r.Named }
func (r *contestTeamRow) named() *contestNamed         { return &r.Named }

// syncByName makes the rows R of contest id those of specs, matched by
// name (nameOf) so that each stored one keeps its id: set fills the
// columns of its own of a row, stored or new, from its spec, and the rows
// no spec names are deleted.
// It returns each name's row id.
func syncByName[R any, P namedRow[R], S any](tx *gorm.DB, id int64, specs []S, nameOf func(S) string, set func(*R, S) error) (map[string]int64, error) {
	var rows []R
	if err := tx.Where("contest_id = ?", id).Find(&rows).Error; err != nil {
		return nil, err
	}
	old := make(map[string]R, len(rows))
	for _, r := range rows {
		old[P(&r).named().Name] = r
	}
	ids := make(map[string]int64, len(specs))
	for _, s := range specs {
		name := nameOf(s)
		r, stored := old[name]
		delete(old, name)
		n := P(&r).named()
		n.ContestID, n.Name = id, name
		if err := set(&r, s); err != nil {
			return nil, err
		}
		if err := save(tx, stored, &r); err != nil {
			return nil, err
		}
		ids[name] = n.ID
	}
	for _, r := range old {
		if err := tx.Delete(&r).Error; err != nil {
			return nil, err
		}
	}
	return ids, nil
}

// dupMember says which rule a duplicate membership broke.
func dupMember(err error) error {
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return judge.Errorf(judge.EINVALID, "teams: a user is a member of one team of a contest")
	}
	return err
}

// save inserts r, or updates it when it was stored (exists).
func save[R any](tx *gorm.DB, exists bool, r *R) error {
	if exists {
		return tx.Save(r).Error
	}
	return tx.Create(r).Error
}

// userIDs returns the ids of the users named, by name (the unknown ones
// missing).
func userIDs(tx *gorm.DB, names []string) (map[string]int64, error) {
	out := make(map[string]int64, len(names))
	for i := 0; i < len(names); i += 500 {
		var users []userRow
		if err := tx.Select("id", "username").Where("username IN ?", names[i:min(i+500, len(names))]).Find(&users).Error; err != nil {
			return nil, err
		}
		for _, u := range users {
			out[u.Username] = u.ID
		}
	}
	return out, nil
}

// withTeams reads the teams, organizations and groups of the contests of
// out, and their participants.
func (d *DB) withTeams(ctx context.Context, out []judge.Contest) error {
	ids := make([]int64, len(out))
	at := make(map[int64]int, len(out)) // a contest's index in out
	for i, c := range out {
		ids[i], at[c.ID] = c.ID, i
	}
	orgName, err := readNamed(ctx, d, out, ids, at, "contest organizations", func(c *judge.Contest, o contestOrganizationRow) {
		c.Organizations = append(c.Organizations, judge.Organization{ID: o.Named.ID, Name: o.Named.Name, FormalName: o.FormalName, Country: o.Country})
	})
	if err != nil {
		return err
	}
	groupName, err := readNamed(ctx, d, out, ids, at, "contest groups", func(c *judge.Contest, g contestGroupRow) {
		c.Groups = append(c.Groups, judge.ContestGroup{ID: g.Named.ID, Name: g.Named.Name, Hidden: g.Hidden})
	})
	if err != nil {
		return err
	}
	type place struct{ contest, team int }
	where := map[int64]place{}
	_, err = readNamed(ctx, d, out, ids, at, "contest teams", func(c *judge.Contest, t contestTeamRow) {
		team := judge.ContestTeam{ID: t.Named.ID, Name: t.Named.Name, Members: []string{}, Groups: []string{}}
		if t.OrganizationID != nil {
			team.Organization = orgName[*t.OrganizationID]
		}
		where[t.Named.ID] = place{at[t.Named.ContestID], len(c.Teams)}
		c.Teams = append(c.Teams, team)
	})
	if err != nil {
		return err
	}
	db := d.db.WithContext(ctx)
	var members []struct {
		TeamID   int64
		Username string
	}
	err = db.Table("contest_team_members").Select("contest_team_members.team_id, users.username").
		Joins("JOIN users ON users.id = contest_team_members.user_id").
		Where("contest_team_members.contest_id IN ?", ids).Order("users.username").Scan(&members).Error
	if err != nil {
		return d.fail(err, "contest team members")
	}
	for _, m := range members {
		if p, ok := where[m.TeamID]; ok {
			t := &out[p.contest].Teams[p.team]
			t.Members = append(t.Members, m.Username)
		}
	}
	var inGroups []contestTeamGroupRow
	err = db.Table("contest_team_groups").Select("contest_team_groups.team_id, contest_team_groups.group_id").
		Joins("JOIN contest_teams ON contest_teams.id = contest_team_groups.team_id").
		Where("contest_teams.contest_id IN ?", ids).Scan(&inGroups).Error
	if err != nil {
		return d.fail(err, "contest team groups")
	}
	for _, g := range inGroups {
		if p, ok := where[g.TeamID]; ok {
			t := &out[p.contest].Teams[p.team]
			t.Groups = append(t.Groups, groupName[g.GroupID])
		}
	}
	for i := range out {
		for j := range out[i].Teams {
			slices.Sort(out[i].Teams[j].Groups)
		}
		if !out[i].Everyone {
			out[i].Participants = out[i].Members()
			if out[i].Participants == nil {
				out[i].Participants = []string{}
			}
		}
	}
	return nil
}

// readNamed reads the rows R (organizations, groups or teams) of the
// contests of out, whose ids are ids, at their index in at: by contest,
// then by name, each given to add with its contest. It returns their
// names by id, for the rows that refer to them; what names them in an
// error.
func readNamed[R any, P namedRow[R]](ctx context.Context, d *DB, out []judge.Contest, ids []int64, at map[int64]int, what string,
	add func(*judge.Contest, R)) (map[int64]string, error) {
	var rows []R
	if err := d.db.WithContext(ctx).Where("contest_id IN ?", ids).Order("contest_id, name").Find(&rows).Error; err != nil {
		return nil, d.fail(err, what)
	}
	names := make(map[int64]string, len(rows))
	for _, r := range rows {
		n := P(&r).named()
		add(&out[at[n.ContestID]], r)
		names[n.ID] = n.Name
	}
	return names, nil
}

// AddParticipant makes a user a team of one of a contest unless they are
// in a team of it: named after them, or, when a team has that name, after
// them and their id.
func (d *DB) AddParticipant(ctx context.Context, contestID, userID int64) error {
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return addTeamOfOne(tx, contestID, userID)
	})
	return d.fail(err, "contest")
}

// addTeamOfOne is AddParticipant in a transaction.
func addTeamOfOne(tx *gorm.DB, contestID, userID int64) error {
	var n int64
	if err := tx.Model(&contestRow{}).Where("id = ?", contestID).Count(&n).Error; err != nil {
		return err
	}
	if n == 0 {
		return gorm.ErrRecordNotFound
	}
	if err := tx.Model(&contestTeamMemberRow{}).Where("contest_id = ? AND user_id = ?", contestID, userID).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	var u userRow
	if err := tx.Select("id", "username").Take(&u, userID).Error; err != nil {
		return err
	}
	name := u.Username
	if err := tx.Model(&contestTeamRow{}).Where("contest_id = ? AND name = ?", contestID, name).Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		name += " (" + strconv.FormatInt(userID, 10) + ")"
	}
	team := contestTeamRow{Named: contestNamed{ContestID: contestID, Name: name}}
	if err := tx.Create(&team).Error; err != nil {
		return err
	}
	if err := tx.Create(&contestTeamMemberRow{ContestID: contestID, UserID: userID, TeamID: team.Named.ID}).Error; err != nil {
		return err
	}
	return tx.Model(&contestRow{ID: contestID}).UpdateColumn("updated_at", time.Now().UTC()).Error
}

// migrateContestTeams makes the contests stored before teams (TeamsMade
// false) contests of teams, once each, in one transaction per contest:
// every participant, and everyone who submitted or asked in it, becomes a
// team of one, and the event feed's private events, kept for a user id,
// are kept for that user's team (one of a user who is gone for no one but
// the jury). Several processes may start together: the conditional update
// of TeamsMade lets one of them do it.
func (d *DB) migrateContestTeams() error {
	var ids []int64
	if err := d.db.Model(&contestRow{}).Where("teams_made = ?", false).Order("id").Pluck("id", &ids).Error; err != nil {
		return err
	}
	for _, id := range ids {
		err := d.db.Transaction(func(tx *gorm.DB) error {
			res := tx.Model(&contestRow{}).Where("id = ? AND teams_made = ?", id, false).UpdateColumn("teams_made", true)
			if res.Error != nil || res.RowsAffected == 0 {
				return res.Error
			}
			var users []int64
			err := tx.Raw(`SELECT id FROM users WHERE id IN (
				SELECT user_id FROM contest_participants WHERE contest_id = ?
				UNION SELECT user_id FROM submissions WHERE contest_id = ?
				UNION SELECT from_user_id FROM clarifications WHERE contest_id = ?
				UNION SELECT to_user_id FROM clarifications WHERE contest_id = ?) ORDER BY id`, id, id, id, id).Scan(&users).Error
			if err != nil {
				return err
			}
			for _, u := range users {
				if err := addTeamOfOne(tx, id, u); err != nil {
					return err
				}
			}
			err = tx.Exec(`UPDATE ccs_feed_events SET team_id = COALESCE((SELECT m.team_id FROM contest_team_members m
				WHERE m.contest_id = ccs_feed_events.contest_id AND m.user_id = ccs_feed_events.team_id), -1)
				WHERE contest_id = ? AND team_id <> 0`, id).Error
			if err != nil {
				return err
			}
			return tx.Where("contest_id = ?", id).Delete(&contestParticipantRow{}).Error
		})
		if err != nil {
			return fmt.Errorf("contest %d: teams: %w", id, err)
		}
	}
	return nil
}
