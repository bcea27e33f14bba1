"""As leis de fora do pacote que a linha de comando junta ao catálogo: `COTAS_LEIS_EXTRAS` (a
mesma variável da aplicação web: caminhos de TOMLs ou de pastas, separados por `:`) e a opção
`--leis PASTA`. Uma pasta traz todos os `.toml` dela e das subpastas, menos os de `testes/`.

Um arquivo ilegível ou malformado é avisado, em português, com o nome dele e todos os seus
erros, e fica de fora: os comandos que não o usam seguem (a ajuda nem lê as leis de fora); o
que pede uma lei que ficou de fora recebe "lei não modelada" depois do aviso."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path

from cotas.arquivos.erros import ErrosDeEntrada, motivo_do_sistema
from cotas.motor.erros import ErroCotas, LeiInvalida
from cotas.motor.legislacao import (
    Lei,
    carregar_lei,
    catalogo_padrao,
    juntar_ao_catalogo_padrao,
    montar_catalogo,
)

VARIAVEL = "COTAS_LEIS_EXTRAS"


def arquivos_de(caminhos: Iterable[str | Path]) -> list[Path]:
    """Os arquivos das leis: cada caminho de arquivo como está; de uma pasta, os `.toml` dela e
    das subpastas, em ordem, sem os testes de lei (`testes/`) nem os editais e modelos de edital
    guardados junto (docs/EDITAIS.md: não são leis)."""
    arquivos: list[Path] = []
    for caminho in map(Path, caminhos):
        if caminho.is_dir():
            arquivos += sorted(
                p
                for p in caminho.rglob("*.toml")
                if "testes" not in p.relative_to(caminho).parts and not _e_edital(p)
            )
        else:
            arquivos.append(caminho)
    return arquivos


def _e_edital(arquivo: Path) -> bool:
    """Um edital ou um modelo de edital (a tabela [edital] ou [modelo], sem o `id` de uma lei).
    O que não se lê fica na lista: a leitura da lei dirá o erro."""
    try:
        dados = tomllib.loads(arquivo.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False
    tabelas = ("edital", "modelo")
    return "id" not in dados and any(isinstance(dados.get(t), dict) for t in tabelas)


def ler(caminho: Path) -> Lei:
    """A lei de um arquivo; `LeiInvalida` com cada erro dele, em português."""
    try:
        texto = caminho.read_text(encoding="utf-8")
    except OSError as erro:
        raise LeiInvalida(
            f"{caminho}: não foi possível ler a lei ({motivo_do_sistema(erro)})"
        ) from None
    except UnicodeDecodeError:
        raise LeiInvalida(
            f"{caminho}: não foi possível ler a lei (o texto não está em UTF-8)"
        ) from None
    return carregar_lei(texto, str(caminho))


def carregar(ambiente: Mapping[str, str] = os.environ, pastas: Iterable[str] = ()) -> list[str]:
    """Junta ao catálogo as leis de `COTAS_LEIS_EXTRAS` e de `pastas` que estão boas; devolve um
    aviso por arquivo que ficou de fora (com todos os erros dele)."""
    caminhos = [c for c in ambiente.get(VARIAVEL, "").split(os.pathsep) if c.strip()]
    avisos: list[str] = []
    leis: list[Lei] = []
    for arquivo in arquivos_de([*caminhos, *pastas]):
        try:
            lei = ler(arquivo)
            montar_catalogo([*catalogo_padrao().leis, *leis, lei])  # (id, vigências do ente)
        except LeiInvalida as erro:
            avisos.append(f"lei de fora do pacote ignorada:\n  {_recuado(str(erro))}")
            continue
        leis.append(lei)
    if leis:
        juntar_ao_catalogo_padrao(leis)
    return avisos


def e_edital(arquivo: Path) -> str | None:
    """ "edital" ou "modelo", se o arquivo é um edital ou um modelo de edital (não uma lei)."""
    if not _e_edital(arquivo):
        return None
    dados = tomllib.loads(arquivo.read_text(encoding="utf-8"))  # (_e_edital já o leu)
    return "edital" if isinstance(dados.get("edital"), dict) else "modelo"


def conferir(caminho: Path) -> list[str]:
    """Os erros de um arquivo de lei, de edital ou de modelo de edital (reconhecidos pela tabela
    [edital] ou [modelo]), todos de uma vez: a lei cabe no catálogo, sem id repetido nem
    vigência sobreposta à de outra lei do mesmo ente; o edital é lido como `--edital` o lê (com o
    modelo que segue, conferido contra a lei na data dele), cada erro com a linha e a coluna."""
    tipo = e_edital(caminho)
    if tipo is not None:
        return _conferir_edital(caminho, tipo)
    try:
        lei = ler(caminho)
        # (A lei do catálogo com o mesmo id é a versão que este arquivo substitui.)
        outras = [o for o in catalogo_padrao().leis if o.id != lei.id]
        montar_catalogo([*outras, lei])
    except LeiInvalida as erro:
        return str(erro).split("\n")
    return []


def _conferir_edital(caminho: Path, tipo: str) -> list[str]:
    from cotas.arquivos.edital import ler_edital, ler_modelo

    try:
        if tipo == "edital":
            ler_edital(caminho)
        else:
            ler_modelo(caminho)
    except ErrosDeEntrada as erros:
        return [str(e) for e in erros.erros] + [
            f"não conferido por causa desses erros: {m}" for m in erros.nao_conferidos
        ]
    except ErroCotas as erro:
        return [f"{caminho.name}: {erro}"]
    return []


def _recuado(texto: str) -> str:
    return texto.replace("\n", "\n  ")
