def main():
    s = """unterminated
