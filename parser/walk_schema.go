package parser

import (
	"strings"

	"github.com/cyqdb/cyq/grammar"
	"github.com/cyqdb/cyq/parser/ast"
)

func (w *walker) schemaCommand(c *grammar.SchemaCommandContext) ast.SchemaCommand {
	switch x := c.GetChild(0).(type) {
	case *grammar.CreateIndexLegacyContext:
		ci := &ast.CreateIndex{Span: w.span(x), Legacy: true, Labels: []string{w.labelName(x.LabelName())}}
		for _, k := range x.AllPropertyKeyName() {
			ci.Props = append(ci.Props, w.propKey(k))
		}
		return ci
	case *grammar.CreateIndexNewContext:
		return w.createIndex(x)
	case *grammar.DropIndexLegacyContext:
		di := &ast.DropIndex{Span: w.span(x), Legacy: true, Labels: []string{w.labelName(x.LabelName())}}
		for _, k := range x.AllPropertyKeyName() {
			di.Props = append(di.Props, w.propKey(k))
		}
		return di
	case *grammar.DropIndexByNameContext:
		di := &ast.DropIndex{Span: w.span(x), IfExists: x.EXISTS() != nil}
		di.Name, di.NameParam = w.objectName(x.SchemaObjectName())
		return di
	case *grammar.CreateConstraintContext:
		return w.createConstraint(x)
	case *grammar.DropConstraintContext:
		dc := &ast.DropConstraint{Span: w.span(x), IfExists: x.EXISTS() != nil}
		dc.Name, dc.NameParam = w.objectName(x.SchemaObjectName())
		return dc
	}
	return &ast.DropIndex{Span: w.span(c)}
}

func (w *walker) labelName(c grammar.ILabelNameContext) string {
	return w.schemaName(c.(*grammar.LabelNameContext).SchemaName())
}

func (w *walker) propKey(c grammar.IPropertyKeyNameContext) string {
	return w.schemaName(c.(*grammar.PropertyKeyNameContext).SchemaName())
}

// objectName is the name of an index or constraint, or the parameter
// that gives it (CREATE CONSTRAINT $name ...).
func (w *walker) objectName(c grammar.ISchemaObjectNameContext) (name, param string) {
	if c == nil {
		return "", ""
	}
	oc := c.(*grammar.SchemaObjectNameContext)
	if p := oc.Parameter(); p != nil {
		return "", w.parameter(p.(*grammar.ParameterContext)).Name
	}
	return w.symbolicName(oc.SymbolicName()), ""
}

// schemaPattern returns the variable, labels and whether it is a
// relationship pattern.
func (w *walker) schemaPattern(c grammar.ISchemaPatternContext) (*ast.Variable, []string, bool) {
	var labels []string
	switch p := c.(type) {
	case *grammar.SchemaNodePatternContext:
		for _, l := range p.AllLabelName() {
			labels = append(labels, w.labelName(l))
		}
		return w.variable(p.Variable()), labels, false
	case *grammar.SchemaRelPatternContext:
		for _, l := range p.AllLabelName() {
			labels = append(labels, w.labelName(l))
		}
		return w.variable(p.Variable()), labels, true
	}
	return nil, nil, false
}

func (w *walker) simpleProps(ps []grammar.ISimplePropertyContext) []string {
	var out []string
	for _, p := range ps {
		out = append(out, w.propKey(p.(*grammar.SimplePropertyContext).PropertyKeyName()))
	}
	return out
}

func (w *walker) schemaOptions(c grammar.ISchemaOptionsContext) ast.Expr {
	if c == nil {
		return nil
	}
	oc := c.(*grammar.SchemaOptionsContext)
	if m := oc.MapLiteral(); m != nil {
		return w.mapLiteral(m.(*grammar.MapLiteralContext))
	}
	return w.parameter(oc.Parameter().(*grammar.ParameterContext))
}

func (w *walker) createIndex(x *grammar.CreateIndexNewContext) *ast.CreateIndex {
	ci := &ast.CreateIndex{Span: w.span(x), IfNotExists: x.EXISTS() != nil}
	ci.Name, ci.NameParam = w.objectName(x.SchemaObjectName())
	if k := x.IndexKind(); k != nil {
		switch strings.ToUpper(k.GetText()) {
		case "TEXT":
			ci.Kind = ast.IndexText
		case "POINT":
			ci.Kind = ast.IndexPoint
		case "LOOKUP":
			ci.Kind = ast.IndexLookup
		case "FULLTEXT":
			ci.Kind = ast.IndexFulltext
		case "VECTOR":
			ci.Kind = ast.IndexVector
		}
	}
	ci.Var, ci.Labels, ci.Rel = w.schemaPattern(x.SchemaPattern())
	ci.Each = x.EACH() != nil
	ci.Props = w.simpleProps(x.AllSimpleProperty())
	if s := x.SymbolicName(); s != nil {
		ci.Function = w.symbolicName(s)
	}
	ci.Options = w.schemaOptions(x.SchemaOptions())
	return ci
}

func (w *walker) createConstraint(x *grammar.CreateConstraintContext) *ast.CreateConstraint {
	cc := &ast.CreateConstraint{Span: w.span(x), IfNotExists: x.EXISTS() != nil,
		Legacy: x.ASSERT() != nil || x.ON() != nil}
	cc.Name, cc.NameParam = w.objectName(x.SchemaObjectName())
	var labels []string
	cc.Var, labels, cc.Rel = w.schemaPattern(x.SchemaPattern())
	if len(labels) > 0 {
		cc.Label = labels[0]
	}
	cp := x.ConstraintProperties().(*grammar.ConstraintPropertiesContext)
	cc.Props = w.simpleProps(cp.AllSimpleProperty())
	switch k := x.ConstraintKind().(type) {
	case *grammar.UniqueConstraintContext:
		cc.Kind = ast.ConstraintUnique
		cc.Entity = entityWord(k.NODE() != nil, k.RELATIONSHIP() != nil || k.REL() != nil)
	case *grammar.KeyConstraintContext:
		cc.Kind = ast.ConstraintNodeKey
		cc.Entity = entityWord(k.NODE() != nil, k.RELATIONSHIP() != nil || k.REL() != nil)
	case *grammar.NotNullConstraintContext:
		cc.Kind = ast.ConstraintNotNull
	case *grammar.TypeConstraintContext:
		cc.Kind = ast.ConstraintPropertyType
		ts := k.AllCypherType()
		for _, t := range ts {
			cc.Types = append(cc.Types, w.valueType(t))
		}
		sp := w.span(ts[0])
		sp.End = w.span(ts[len(ts)-1]).End
		cc.PropType = strings.ToUpper(strings.Join(strings.Fields(sp.Text(w.src)), " "))
	}
	cc.Options = w.schemaOptions(x.SchemaOptions())
	return cc
}

func entityWord(node, rel bool) string {
	switch {
	case node:
		return "NODE"
	case rel:
		return "RELATIONSHIP"
	}
	return ""
}
