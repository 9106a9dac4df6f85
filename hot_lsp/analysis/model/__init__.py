"""The semantic model of one file: a template's entries, calls and references (``template``), an environment's
sections and registry (``environment``), which kind a file is (``kind``), and what a resource type resolves to
through the catalogue, the registry and the cloud's offer (``catalogues``, ``registry``, ``type_resolution``,
``type_slots``, ``cloud_offer``, ``required_properties``), and a value Heat takes for a property
(``example_values``).

Invariant: built once per text from the tree alone; reads no other file and reports nothing.
"""
