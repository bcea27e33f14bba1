"""Aplicação web do `cotas`: o trabalho diário do certame, da inscrição à última nomeação."""
