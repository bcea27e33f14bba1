"""A casa como está desenhada: as camadas (contratos do import-linter no pyproject.toml) e as
referências do código e do README às notas de interpretação, que precisam existir no próprio
repositório."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cotas.motor.legislacao import catalogo_padrao

RAIZ = Path(__file__).resolve().parent.parent
PASTAS_COM_REFERENCIAS = ("src", "tests")
SUFIXOS = {".py", ".toml", ".html", ".txt", ".md", ".json", ".csv"}
# "docs/ARQUIVO.md" ou "docs/fontes/arquivo.txt", com âncora opcional ("#ordem-de-nomeacao").
# (Só caminhos do repositório: "https://site/docs/..." não conta.)
REFERENCIA_DOCS = re.compile(r"(?<![\w./:-])docs/[\w./-]*\w(?:#[\w-]+)?")
PROIBIDAS = ("LEGAL-NOTES", "../shared", "shared/seeds", "shared/docs")


def _arquivos_com_texto() -> list[Path]:
    saida = []
    for pasta in PASTAS_COM_REFERENCIAS:
        for arquivo in sorted((RAIZ / pasta).rglob("*")):
            if arquivo.suffix in SUFIXOS and "__pycache__" not in arquivo.parts:
                saida.append(arquivo)
    saida.append(RAIZ / "README.md")
    return [a for a in saida if a.resolve() != Path(__file__).resolve()]


def _ancoras(documento: Path) -> set[str]:
    """As âncoras explícitas (`<a id="...">`) de um documento em Markdown."""
    return set(re.findall(r'<a id="([\w-]+)"', documento.read_text(encoding="utf-8")))


def _referencias() -> list[tuple[Path, str]]:
    return [
        (arquivo, ref)
        for arquivo in _arquivos_com_texto()
        for ref in REFERENCIA_DOCS.findall(arquivo.read_text(encoding="utf-8"))
    ]


def test_o_codigo_cita_as_notas_de_interpretacao_do_repositorio() -> None:
    """Quem clona o repositório segue cada referência: nada aponta para fora dele."""
    fora = [
        f"{arquivo.relative_to(RAIZ)}: {termo}"
        for arquivo in _arquivos_com_texto()
        for termo in PROIBIDAS
        if termo in arquivo.read_text(encoding="utf-8")
    ]
    assert not fora, "referências a documentos fora do repositório:\n" + "\n".join(fora)
    assert any("docs/INTERPRETACAO.md#" in ref for _, ref in _referencias())


def test_cada_referencia_a_docs_existe_com_a_ancora() -> None:
    quebradas = []
    for arquivo, ref in _referencias():
        caminho, _, ancora = ref.partition("#")
        alvo = RAIZ / caminho
        if not alvo.is_file():
            quebradas.append(f"{arquivo.relative_to(RAIZ)}: {ref} (arquivo não existe)")
        elif ancora and ancora not in _ancoras(alvo):
            quebradas.append(f"{arquivo.relative_to(RAIZ)}: {ref} (âncora não existe)")
    assert not quebradas, "\n".join(quebradas)


def test_o_readme_lista_as_leis_do_pacote() -> None:
    """A tabela "Leis modeladas" do README tem uma linha por lei do catálogo, nem mais nem
    menos (três leis entraram no pacote sem entrar na tabela)."""
    readme = (RAIZ / "README.md").read_text(encoding="utf-8")
    tabela = readme.split("Leis modeladas:", 1)[1].split("\n\n", 2)[1]
    ids = re.findall(r"^\| `([\w./-]+)` \|", tabela, flags=re.MULTILINE)
    assert sorted(ids) == sorted(lei.id for lei in catalogo_padrao().leis)


def test_as_leis_apontam_para_o_texto_publicado_no_repositorio() -> None:
    pasta = RAIZ / "src/cotas/leis"
    leis = sorted(pasta.glob("*/*.toml"))  # as do catálogo: <ente>/<lei>.toml
    assert [lei.relative_to(pasta).with_suffix("").as_posix() for lei in leis] == sorted(
        lei.id for lei in catalogo_padrao().leis
    )
    sem_texto = [lei.name for lei in leis if "docs/fontes/" not in lei.read_text(encoding="utf-8")]
    # (A Lei 4.016/2004 não tem texto disponível: aponta para o da lei nova, que traz a mensagem
    # que a revogou.)
    assert sem_texto == []


def test_as_camadas_do_import_linter_se_mantem() -> None:
    """Os contratos do pyproject.toml: motor puro, biblioteca sem web, views pelos services e
    selectors, apps da web sem ciclos."""
    executavel = Path(sys.executable).parent / "lint-imports"
    comando = str(executavel) if executavel.exists() else shutil.which("lint-imports")
    if comando is None:
        pytest.fail("lint-imports não instalado: rode `make install` (import-linter em [dev])")
    resultado = subprocess.run(
        [comando, "--no-cache"], cwd=RAIZ, capture_output=True, text=True, check=False
    )
    assert resultado.returncode == 0, resultado.stdout + resultado.stderr
