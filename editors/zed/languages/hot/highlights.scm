; Highlighting for the Heat Template language, on tree-sitter-yaml's nodes: keys, scalars by kind, comments,
; anchors, and Heat's intrinsic functions and sections as keys (hot-lsp's diagnostics and hover do the rest).

(comment) @comment

[
  (double_quote_scalar)
  (single_quote_scalar)
  (block_scalar)
] @string

[
  (integer_scalar)
  (float_scalar)
] @number

[
  (boolean_scalar)
  (null_scalar)
] @boolean

(block_mapping_pair
  key: (flow_node) @property)

(flow_pair
  key: (flow_node) @property)

[
  (anchor)
  (alias)
  (tag)
] @label

[
  "["
  "]"
  "{"
  "}"
] @punctuation.bracket

[
  ","
  "-"
  ":"
] @punctuation.delimiter

; A function call's key: {get_param: name}, {get_resource: r}, str_replace:, if:, ... (every template version's).
(flow_pair
  key: (flow_node (plain_scalar (string_scalar) @function))
  (#match? @function "^(get_param|get_resource|get_attr|get_file|list_join|str_replace|str_replace_strict|str_replace_vstrict|str_split|repeat|digest|resource_facade|map_merge|map_replace|yaql|equals|not|and|or|if|contains|filter|make_url|list_concat|list_concat_unique|Fn::GetAZs|Fn::Join|Fn::Select|Fn::Split|Fn::Replace|Fn::Base64|Fn::MemberListToMap|Fn::ResourceFacade|Ref)$"))

(block_mapping_pair
  key: (flow_node (plain_scalar (string_scalar) @function))
  (#match? @function "^(get_param|get_resource|get_attr|get_file|list_join|str_replace|str_replace_strict|str_replace_vstrict|str_split|repeat|digest|resource_facade|map_merge|map_replace|yaql|equals|not|and|or|if|contains|filter|make_url|list_concat|list_concat_unique|Fn::GetAZs|Fn::Join|Fn::Select|Fn::Split|Fn::Replace|Fn::Base64|Fn::MemberListToMap|Fn::ResourceFacade|Ref)$"))
