"""(being written)"""


def check(model, report) -> None:
    return None
