"""O leitor do arquivo do edital e do modelo (`cotas.arquivos.edital`): todos os erros de uma
vez, cada um com arquivo, linha e coluna e, quando é de direito, com a citação da lei e a do
edital."""

from __future__ import annotations

from pathlib import Path

import pytest

from cotas.arquivos.edital import ler_edital, ler_modelo, posicoes
from cotas.arquivos.erros import ErroEntrada, ErrosDeEntrada

RAIZ = Path(__file__).resolve().parents[2]
EDITAIS = RAIZ / "exemplos" / "editais"

CABECALHO = """[edital]
numero = "94/2026"
orgao = "Prefeitura Municipal de Exemplo"
data = 2026-03-02
lei = "ouro-preto-mg/lei-1274-2022"
"""


def _bloco(nome: str, valor: str, item: str) -> str:
    return f'\n[[parametros]]\nnome = "{nome}"\nvalor = {valor}\nitem = "{item}"\ntexto = "T."\n'


def _erros(caminho: Path) -> list[ErroEntrada]:
    with pytest.raises(ErrosDeEntrada) as erros:
        ler_edital(caminho)
    return erros.value.erros


def test_o_exemplo_com_modelo_le_os_dois_e_guarda_a_versao() -> None:
    edital = ler_edital(EDITAIS / "edital-93-2026.toml")
    assert edital.norma == "Edital nº 93/2026"
    assert edital.modelo is not None and edital.modelo.chave == "autarquia-exemplo/concurso@2026.1"
    assert len(edital.modelo.sha256) == 64
    # o edital diz o que muda; o resto vem do modelo, citado como tal
    assert edital.referencia("quilombolas.reversao").citacao() == "Edital nº 93/2026, item 4.3"
    assert edital.valores["quilombolas.reversao"].valor == ["indigenas", "pretos_pardos", "ampla"]
    assert (
        edital.referencia("pretos_pardos.reversao").citacao()
        == "Edital nº 93/2026 (modelo autarquia-exemplo/concurso@2026.1), item 5.3"
    )
    assert len(edital.valores) == 13


def test_o_modelo_sozinho_e_lido() -> None:
    modelo = ler_modelo(EDITAIS / "modelos" / "autarquia-exemplo-concurso@2026.1.toml")
    assert (modelo.versao, modelo.lei) == ("2026.1", "federal/lei-15142-2025")


def test_cada_recusa_com_arquivo_linha_coluna_e_as_duas_citacoes(tmp_path: Path) -> None:
    texto = (
        CABECALHO
        + "sigla = 1\n"
        + _bloco("negros.percentual", '"15"', "item 4.1")
        + _bloco("negros.limiar_vagas", "2", "item 4.2")
        + _bloco("indigenas.percentual", '"3"', "item 4.3")
        + _bloco("ordem.alternancia_proporcionalidade", '"sim"', "item 9.1")
        + _bloco("negros.percentual", '"25"', "item 4.9")
    )
    (tmp_path / "edital.toml").write_text(texto, encoding="utf-8")
    erros = _erros(tmp_path / "edital.toml")
    assert [(e.arquivo, e.linha, e.coluna, e.chave) for e in erros] == [
        ("edital.toml", 6, 9, "edital.sigla"),
        ("edital.toml", 10, 9, "parametros[1].valor"),
        ("edital.toml", 16, 9, "parametros[2].valor"),
        ("edital.toml", 22, 9, "parametros[3].valor"),
        ("edital.toml", 28, 9, "parametros[4].valor"),
        ("edital.toml", 33, 8, "parametros[5].nome"),
    ]
    sigla, abaixo, contradiz, desconhecido, tipo, repetido = (e.mensagem for e in erros)
    assert "chave desconhecida 'sigla'" in sigla
    assert "(Edital nº 94/2026, item 4.1): abaixo do mínimo de 20%" in abaixo
    assert "Lei 1.274/2022 de Ouro Preto/MG, art. 1º, caput" in abaixo
    assert "(Edital nº 94/2026, item 4.2): contradiz a lei, que fixa 3" in contradiz
    assert "art. 1º, § 4º" in contradiz
    assert "parâmetro desconhecido" in desconhecido and "negros" in desconhecido
    assert "(Edital nº 94/2026, item 9.1): valor inválido" in tipo
    assert "já foi dito no bloco [[parametros]] nº 1" in repetido


def test_o_erro_do_modelo_aponta_o_arquivo_do_modelo(tmp_path: Path) -> None:
    (tmp_path / "modelos").mkdir()
    (tmp_path / "modelos" / "m.toml").write_text(
        '[modelo]\nid = "pref/x"\nversao = "3"\ntitulo = "Modelo X"\norgao = "Pref"\n'
        'lei = "ouro-preto-mg/lei-1274-2022"\n' + _bloco("negros.percentual", '"10"', "item 2"),
        encoding="utf-8",
    )
    (tmp_path / "e.toml").write_text(
        CABECALHO + 'modelo = "pref/x@3"\n' + _bloco("negros.arredondamento", '"cima"', "4.2"),
        encoding="utf-8",
    )
    (contradiz, erro) = _erros(tmp_path / "e.toml")  # (o edital, depois o modelo)
    assert (contradiz.arquivo, contradiz.linha, contradiz.coluna) == ("e.toml", 10, 9)
    assert "contradiz a lei" in contradiz.mensagem
    assert (erro.arquivo, erro.linha, erro.coluna) == ("m.toml", 10, 9)
    assert "(Edital nº 94/2026 (modelo pref/x@3), item 2): abaixo do mínimo" in erro.mensagem


def test_o_modelo_que_falta_diz_as_versoes_que_ha(tmp_path: Path) -> None:
    (tmp_path / "m.toml").write_text(
        '[modelo]\nid = "pref/x"\nversao = "2"\ntitulo = "Modelo X"\norgao = "Pref"\n'
        'lei = "ouro-preto-mg/lei-1274-2022"\n',
        encoding="utf-8",
    )
    (tmp_path / "e.toml").write_text(CABECALHO + 'modelo = "pref/x@3"\n', encoding="utf-8")
    (erro,) = _erros(tmp_path / "e.toml")
    assert (erro.linha, erro.coluna, erro.chave) == (6, 10, "edital.modelo")
    assert "modelo pref/x@3 não encontrado" in erro.mensagem
    assert "versões desse modelo encontradas: 2" in erro.mensagem


def test_o_modelo_de_outra_lei_e_recusado(tmp_path: Path) -> None:
    (tmp_path / "m.toml").write_text(
        '[modelo]\nid = "pref/x"\nversao = "2"\ntitulo = "Modelo X"\norgao = "Pref"\n'
        'lei = "federal/lei-15142-2025"\n',
        encoding="utf-8",
    )
    (tmp_path / "e.toml").write_text(CABECALHO + 'modelo = "pref/x@2"\n', encoding="utf-8")
    (erro,) = _erros(tmp_path / "e.toml")
    assert "é de outra lei (federal/lei-15142-2025)" in erro.mensagem


def test_sem_cabecalho_nem_lei_conhecida(tmp_path: Path) -> None:
    (tmp_path / "e.toml").write_text(
        '[edital]\nnumero = "1/2026"\norgao = "X"\ndata = "2026-03-02"\nlei = "xx/lei-1"\n',
        encoding="utf-8",
    )
    erros = _erros(tmp_path / "e.toml")
    assert [(e.linha, e.chave) for e in erros] == [(5, "edital.lei"), (4, "edital.data")]
    assert "não modelada" in erros[0].mensagem
    assert "data sem aspas" in erros[1].mensagem


def test_erro_de_sintaxe_com_linha_e_coluna(tmp_path: Path) -> None:
    (tmp_path / "e.toml").write_text(CABECALHO + "numero = \n", encoding="utf-8")
    (erro,) = _erros(tmp_path / "e.toml")
    assert erro.linha == 6 and erro.coluna is not None
    assert "sintaxe TOML" in erro.mensagem


def test_posicoes_pulam_o_miolo_dos_textos_longos() -> None:
    texto = '[[parametros]]\nnome = "a"\ntexto = """x\nvalor = 1\n"""\nvalor = 2\n'
    assert posicoes(texto)["parametros[1].valor"] == (6, 9)
