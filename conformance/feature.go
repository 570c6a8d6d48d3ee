package conformance

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	gherkin "github.com/cucumber/gherkin/go/v26"
	messages "github.com/cucumber/messages/go/v21"
)

// Scenario is one runnable scenario: a plain Scenario, or one Examples row
// of a Scenario Outline with its placeholders substituted. Background steps
// are already prepended to Steps.
type Scenario struct {
	Feature     string   // feature file path relative to the corpus root, with '/'
	FeatureName string   // the text after "Feature:"
	Title       string   // the scenario title as written (placeholders not substituted)
	Name        string   // the title with the row's placeholders substituted
	Row         int      // 1-based Examples row of an outline; 0 for a plain Scenario
	Index       int      // position of the scenario in its feature file (0-based, rows counted)
	Line        int      // line of the Scenario keyword; for an outline row, of the row
	Tags        []string // tags of the feature, scenario and Examples, with '@'
	Skip        string   // non-empty when the scenario is not run (e.g. @ignore), and why
	Steps       []Step
}

// Key returns the scenario's stable identity, "feature :: title :: row N",
// as used in the expectations file and by cmd/tck's -run.
func (s *Scenario) Key() string {
	return s.Feature + " :: " + s.Title + " :: row " + strconv.Itoa(s.Row)
}

// Step is one step of a scenario after outline substitution.
type Step struct {
	Keyword   string     // as written, e.g. "Given", "And"
	Text      string     // the step text without its keyword
	Line      int        // line of the step in the feature file
	DocString *string    // the doc string argument, if any
	Table     [][]string // the data table argument, if any (cells unescaped and trimmed)
}

// IgnoreTag marks scenarios the runner skips.
const IgnoreTag = "@ignore"

// LoadFeatures parses every *.feature file under dir (recursively, in
// lexical path order) and returns their scenarios, outlines expanded.
func LoadFeatures(dir string) ([]*Scenario, error) {
	return LoadFiles(dir, func(name string) bool { return strings.HasSuffix(name, ".feature") }, ParseFeature)
}

// LoadFiles parses, with parse, every file under dir (recursively, in
// lexical path order) whose name keep accepts, and returns their
// scenarios. parse receives the file's path relative to dir, with
// forward slashes, as the scenarios' Feature.
func LoadFiles(dir string, keep func(name string) bool, parse func(name string, data []byte) ([]*Scenario, error)) ([]*Scenario, error) {
	var paths []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && keep(d.Name()) {
			paths = append(paths, path)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("conformance: %w", err)
	}
	sort.Strings(paths)
	var all []*Scenario
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("conformance: %w", err)
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			rel = path
		}
		scenarios, err := parse(filepath.ToSlash(rel), data)
		if err != nil {
			return nil, err
		}
		all = append(all, scenarios...)
	}
	return all, nil
}

// ParseFeature parses one feature file. name is used as the Scenario's
// Feature (normally the path relative to the corpus root). CRLF line endings
// are accepted.
func ParseFeature(name string, data []byte) ([]*Scenario, error) {
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	var ids gherkinIDs
	doc, err := gherkin.ParseGherkinDocument(bytes.NewReader(data), ids.next)
	if err != nil {
		return nil, fmt.Errorf("conformance: %s: %w", name, err)
	}
	if doc.Feature == nil {
		return nil, nil
	}
	// Index the AST: steps, outline rows and scenario positions by ID.
	steps := map[string]*messages.Step{}
	rows := map[string]int{}
	rowLines := map[string]int{}
	scenarios := map[string]*messages.Scenario{}
	indexScenario := func(sc *messages.Scenario) {
		scenarios[sc.Id] = sc
		for _, st := range sc.Steps {
			steps[st.Id] = st
		}
		n := 0
		for _, ex := range sc.Examples {
			for _, r := range ex.TableBody {
				n++
				rows[r.Id] = n
				rowLines[r.Id] = int(r.Location.Line)
			}
		}
	}
	for _, child := range doc.Feature.Children {
		if child.Background != nil {
			for _, st := range child.Background.Steps {
				steps[st.Id] = st
			}
		}
		if child.Scenario != nil {
			indexScenario(child.Scenario)
		}
		if child.Rule != nil {
			for _, rc := range child.Rule.Children {
				if rc.Background != nil {
					for _, st := range rc.Background.Steps {
						steps[st.Id] = st
					}
				}
				if rc.Scenario != nil {
					indexScenario(rc.Scenario)
				}
			}
		}
	}
	var out []*Scenario
	for i, p := range gherkin.Pickles(*doc, name, ids.next) {
		sc := scenarios[p.AstNodeIds[0]]
		s := &Scenario{
			Feature:     name,
			FeatureName: doc.Feature.Name,
			Title:       sc.Name,
			Name:        p.Name,
			Index:       i,
			Line:        int(sc.Location.Line),
		}
		if len(p.AstNodeIds) > 1 {
			s.Row = rows[p.AstNodeIds[1]]
			s.Line = rowLines[p.AstNodeIds[1]]
		}
		for _, t := range p.Tags {
			s.Tags = append(s.Tags, t.Name)
			if t.Name == IgnoreTag {
				s.Skip = ignoreReason(doc, sc)
			}
		}
		for _, ps := range p.Steps {
			st := Step{Text: ps.Text}
			if ast := steps[ps.AstNodeIds[0]]; ast != nil {
				st.Keyword = strings.TrimSpace(ast.Keyword)
				st.Line = int(ast.Location.Line)
			}
			if arg := ps.Argument; arg != nil {
				if arg.DocString != nil {
					content := arg.DocString.Content
					st.DocString = &content
				}
				if arg.DataTable != nil {
					st.Table = make([][]string, len(arg.DataTable.Rows))
					for r, row := range arg.DataTable.Rows {
						cells := make([]string, len(row.Cells))
						for c, cell := range row.Cells {
							cells[c] = cell.Value
						}
						st.Table[r] = cells
					}
				}
			}
			s.Steps = append(s.Steps, st)
		}
		out = append(out, s)
	}
	return out, nil
}

// ignoreReason returns why an @ignore scenario is skipped: the comment lines
// directly above its tags, when there are any.
func ignoreReason(doc *messages.GherkinDocument, sc *messages.Scenario) string {
	first := int64(sc.Location.Line)
	for _, t := range sc.Tags {
		if t.Location.Line < first {
			first = t.Location.Line
		}
	}
	byLine := map[int64]string{}
	for _, c := range doc.Comments {
		byLine[c.Location.Line] = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(c.Text), "#"))
	}
	var lines []string
	for l := first - 1; l > 0; l-- {
		text, ok := byLine[l]
		if !ok {
			break
		}
		lines = append([]string{text}, lines...)
	}
	reason := "tagged @ignore"
	if len(lines) > 0 {
		reason += ": " + strings.Join(lines, " ")
	}
	return reason
}

// gherkinIDs numbers AST nodes.
type gherkinIDs struct{ n int }

func (g *gherkinIDs) next() string {
	g.n++
	return strconv.Itoa(g.n)
}
