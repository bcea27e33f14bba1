"""A leitura das regras do edital (`cotas.arquivos.regras_do_edital`): a ordem publicada, as
reservas conjuntas, os destinos da vaga PcD e os sorteios; cada erro com linha e coluna."""

from __future__ import annotations

from pathlib import Path

import pytest

from cotas.arquivos.edital import ler_edital
from cotas.arquivos.erros import ErroEntrada, ErrosDeEntrada
from cotas.motor.regras_do_edital import A_CADA, TABELA

MOSTARDAS = """[edital]
numero = "20/2026"
orgao = "Prefeitura"
data = 2026-03-02
lei = "mostardas-rs/lei-3920-2019"
"""
FEDERAL = MOSTARDAS.replace("mostardas-rs/lei-3920-2019", "federal/lei-15142-2025")


def _erros(caminho: Path) -> list[ErroEntrada]:
    with pytest.raises(ErrosDeEntrada) as erros:
        ler_edital(caminho)
    return erros.value.erros


def _escrever(tmp_path: Path, texto: str) -> Path:
    caminho = tmp_path / "e.toml"
    caminho.write_text(texto, encoding="utf-8")
    return caminho


def test_a_tabela_e_uma_a_cada_n_sao_lidas_com_o_item(tmp_path: Path) -> None:
    edital = ler_edital(
        _escrever(
            tmp_path,
            MOSTARDAS + '\n[ordem]\nregra = "tabela"\nate = 12\nposicoes = { negros = [7, 2] }\n'
            'item = "item 5.2"\ntexto = """A tabela."""\n',
        )
    )
    assert edital.regras is not None and edital.regras.ordem is not None
    ordem = edital.regras.ordem
    assert (ordem.regra, dict(ordem.posicoes), ordem.ate) == (
        TABELA,
        {2: "negros", 7: "negros"},
        12,
    )
    assert ordem.referencia.citacao() == "Edital nº 20/2026, item 5.2"
    edital = ler_edital(
        _escrever(
            tmp_path,
            MOSTARDAS + '\n[ordem]\nregra = "a_cada"\na_cada = 5\nlista = "negros"\n'
            'item = "item 6.1"\ntexto = "Uma a cada cinco."\n',
        )
    )
    assert edital.regras is not None and edital.regras.ordem is not None
    assert (edital.regras.ordem.regra, edital.regras.ordem.a_cada) == (A_CADA, 5)


def test_os_erros_da_tabela_todos_de_uma_vez_com_linha_e_coluna(tmp_path: Path) -> None:
    texto = MOSTARDAS + (
        '\n[ordem]\nregra = "tabela"\nate = 10\n'
        "posicoes = { negros = [2, 2, 12], indigenas = [3] }\n"
        'item = "item 5.2"\nlista = "negros"\n'
    )
    erros = _erros(_escrever(tmp_path, texto))
    assert [(e.linha, e.coluna, e.chave) for e in erros] == [
        (7, 1, "ordem.texto"),  # (a chave que falta: a linha da tabela)
        (10, 12, "ordem.posicoes"),
        (10, 12, "ordem.posicoes"),
        (10, 12, "ordem.posicoes"),
        (12, 9, "ordem.lista"),
    ]
    mensagens = " | ".join(e.mensagem for e in erros)
    assert '"lista" é da regra "a_cada"' in mensagens
    assert "falta esta chave obrigatória" in mensagens
    assert "a 2ª posição está duas vezes nas posições de 'negros'" in mensagens
    assert "a 12ª posição de 'negros' passa do fim da tabela (ate = 10)" in mensagens
    assert "'indigenas' não é uma lista reservada deste edital (são: negros, pcd)" in mensagens


def test_a_conjunta_os_destinos_e_o_sorteio(tmp_path: Path) -> None:
    texto = FEDERAL + (
        "\n[[reservas_conjuntas]]\n"
        'nome = "ppiq"\nrotulo = "pessoas pretas, pardas, indígenas e quilombolas"\n'
        'grupos = ["pretos_pardos", "indigenas", "quilombolas"]\ndivisao = false\n'
        'destinos = ["ampla"]\nitem = "item 4.1"\ntexto = "Uma lista."\n'
        '\n[[destinos]]\nlista = "pcd"\nordem = ["ppiq", "ampla"]\nitem = "item 4.5"\n'
        'texto = "A vaga PcD."\n'
        '\n[[sorteios]]\ndata = 2026-02-20\nsemente = "abc"\nposicao = 1\n'
        'cargos = ["A", "B", "C"]\nsorteadas = { ppiq = 1 }\nitem = "item 3.5"\n'
        'texto = "Sorteio."\n'
    )
    edital = ler_edital(_escrever(tmp_path, texto))
    regras = edital.regras
    assert regras is not None
    (conjunta,) = regras.conjuntas
    assert (conjunta.nome, conjunta.divisao, conjunta.destinos) == ("ppiq", False, ("ampla",))
    assert regras.destinos[0].ordem == ("ppiq", "ampla")
    assert regras.sorteios[0].sorteadas == {"ppiq": 1}


def test_erros_da_conjunta_do_destino_e_do_sorteio(tmp_path: Path) -> None:
    texto = FEDERAL + (
        "\n[[reservas_conjuntas]]\n"
        'nome = "pcd"\nrotulo = "R"\ngrupos = ["pretos_pardos", "negros"]\n'
        'item = "item 4.1"\ntexto = "T."\n'
        '\n[[destinos]]\nlista = "pretos_pardos"\nordem = ["indigenas"]\nitem = "i"\ntexto = "T."\n'
        '\n[[sorteios]]\ndata = "ontem"\nsemente = "abc"\nposicao = 0\n'
        'cargos = ["A", "B"]\nsorteadas = { indigenas = 3 }\nitem = "item 3.5"\ntexto = "S."\n'
    )
    mensagens = [f"{e.linha}:{e.chave}: {e.mensagem}" for e in _erros(_escrever(tmp_path, texto))]
    esperados = [
        "7:reservas_conjuntas[1].divisao: true (cada vaga vai a um grupo",
        "8:reservas_conjuntas[1].nome: 'pcd' não serve de nome da lista conjunta",
        "10:reservas_conjuntas[1].grupos: 'negros' não é um grupo da lei deste edital",
        "15:destinos[1].lista: só a vaga PcD não preenchida",
        "16:destinos[1].ordem: a ordem termina na ampla concorrência",
        "21:sorteios[1].data: a data do sorteio, sem aspas",
        "23:sorteios[1].posicao: deve ser um número inteiro positivo",
        "25:sorteios[1].sorteadas: 3 vagas a sortear entre 2 cargos",
    ]
    assert len(mensagens) == len(esperados), mensagens
    for esperado, mensagem in zip(esperados, mensagens, strict=True):
        assert mensagem.startswith(esperado), (esperado, mensagem)


def test_as_regras_do_modelo_com_os_erros_do_arquivo_dele_e_o_quadro_so_no_edital(
    tmp_path: Path,
) -> None:
    """O modelo traz a ordem, as conjuntas e os destinos (o edital os herda); os erros delas
    saem com o arquivo, a linha e a coluna do modelo, todos de uma vez, com os do edital. A
    reserva PcD no total e o sorteio nomeiam os cargos de um edital: recusados no modelo."""
    (tmp_path / "m.toml").write_text(
        '[modelo]\nid = "pref/x"\nversao = "1"\ntitulo = "Modelo X"\norgao = "Pref"\n'
        'lei = "mostardas-rs/lei-3920-2019"\n\n[ordem]\nregra = "a_cada"\na_cada = 5\n'
        'lista = "indigenas"\nitem = "item 3.6"\ntexto = "Uma a cada cinco."\n'
        + PCD_NO_TOTAL
        + '\n[[sorteios]]\ndata = 2026-02-20\nsemente = "s"\nposicao = 1\n'
        'cargos = ["A", "B"]\nsorteadas = { negros = 1 }\nitem = "item 3.5"\ntexto = "T."\n',
        encoding="utf-8",
    )
    erros = _erros(_escrever(tmp_path, MOSTARDAS + 'modelo = "pref/x@1"\nxis = 1\n'))
    assert [(e.arquivo, e.linha, e.coluna, e.chave) for e in erros] == [
        ("e.toml", 7, 7, "edital.xis"),
        ("m.toml", 11, 9, "ordem.lista"),
        ("m.toml", 15, 1, "reserva_pcd_no_total"),
        ("m.toml", 27, 1, "sorteios[1]"),
    ]
    assert "uma de negros, pcd" in erros[1].mensagem
    for erro in erros[2:]:
        assert "nomeia os cargos de um edital" in erro.mensagem
        assert "vai no arquivo do edital, não no modelo" in erro.mensagem


def test_o_edital_herda_as_regras_do_modelo_e_substitui_o_que_diz_de_novo(
    tmp_path: Path,
) -> None:
    """A conjunta e os destinos do modelo, citados como do edital que o segue; a conjunta de
    mesmo nome que o edital diz de novo substitui a do modelo, e a ordem do modelo, que o edital
    não diz, vale com a lista dela."""
    conjunta = (
        '\n[[reservas_conjuntas]]\nnome = "ppiq"\nrotulo = "{rotulo}"\n'
        'grupos = ["pretos_pardos", "indigenas", "quilombolas"]\ndivisao = false\n'
        'destinos = ["ampla"]\nitem = "{item}"\ntexto = "Conjunta."\n'
    )
    (tmp_path / "m.toml").write_text(
        '[modelo]\nid = "aut/x"\nversao = "1"\ntitulo = "Modelo X"\norgao = "Aut"\n'
        'lei = "federal/lei-15142-2025"\n\n[ordem]\nregra = "a_cada"\na_cada = 4\n'
        'lista = "ppiq"\nitem = "item 3.6"\ntexto = "Uma a cada quatro."\n'
        + conjunta.format(rotulo="do modelo", item="item 4.1")
        + '\n[[destinos]]\nlista = "pcd"\nordem = ["ppiq", "ampla"]\nitem = "item 4.5"\n'
        'texto = "Destinos."\n',
        encoding="utf-8",
    )
    edital = ler_edital(
        _escrever(
            tmp_path,
            FEDERAL + 'modelo = "aut/x@1"\n' + conjunta.format(rotulo="do edital", item="item 4.2"),
        )
    )
    regras = edital.regras
    assert regras is not None and regras.ordem is not None
    assert (regras.ordem.a_cada, regras.ordem.lista) == (4, "ppiq")
    assert regras.ordem.referencia.citacao() == "Edital nº 20/2026 (modelo aut/x@1), item 3.6"
    ((conjunta_lida,), (destinos,)) = (regras.conjuntas, regras.destinos)
    assert (conjunta_lida.rotulo, conjunta_lida.referencia.citacao()) == (
        "do edital",
        "Edital nº 20/2026, item 4.2",
    )
    assert destinos.referencia.citacao() == "Edital nº 20/2026 (modelo aut/x@1), item 4.5"


PCD_NO_TOTAL = """
[reserva_pcd_no_total]
percentual = 5
arredondamento = "cima"
vagas = { ADM = 6, TEC = 3, MOT = 2 }
item = "item 5.1"
texto = "Cinco por cento do total das vagas."

[reserva_pcd_no_total.colocacao]
cargos = { ADM = 1 }
item = "item 5.2"
texto = "A vaga PcD fica no cargo ADM."
"""


def test_a_reserva_pcd_no_total_e_lida_com_a_conta_e_a_colocacao(tmp_path: Path) -> None:
    edital = ler_edital(_escrever(tmp_path, MOSTARDAS + PCD_NO_TOTAL))
    assert edital.regras is not None and edital.regras.pcd_no_total is not None
    no_total = edital.regras.pcd_no_total
    assert no_total.conta() == (1, "5% × 11 = 0,55 → 1")
    assert dict(no_total.colocadas) == {"ADM": 1, "TEC": 0, "MOT": 0}
    assert no_total.referencia.citacao() == "Edital nº 20/2026, item 5.1"
    assert no_total.colocacao.citacao() == "Edital nº 20/2026, item 5.2"
    # A regra das mais vagas: no empate (ADM e TEC com 8), a ordem do quadro; 5% × 21 → 2.
    regra = PCD_NO_TOTAL.replace("cargos = { ADM = 1 }", 'regra = "mais_vagas"').replace(
        "{ ADM = 6, TEC = 3, MOT = 2 }", "{ MOT = 5, ADM = 8, TEC = 8 }"
    )
    edital = ler_edital(_escrever(tmp_path, MOSTARDAS + regra))
    assert edital.regras is not None and edital.regras.pcd_no_total is not None
    assert dict(edital.regras.pcd_no_total.colocadas) == {"MOT": 0, "ADM": 1, "TEC": 1}


def test_os_erros_da_reserva_pcd_no_total_todos_de_uma_vez_com_o_item(tmp_path: Path) -> None:
    texto = MOSTARDAS + PCD_NO_TOTAL.replace(
        'item = "item 5.1"', 'reservadas = 0\nitem = "item 5.1"'
    ).replace("cargos = { ADM = 1 }", "cargos = { ADM = 1, FIS = 1, MOT = 3 }")
    erros = _erros(_escrever(tmp_path, texto))
    assert [(e.linha, e.chave) for e in erros] == [
        (11, "reserva_pcd_no_total.reservadas"),
        (16, "reserva_pcd_no_total.colocacao.cargos"),
        (16, "reserva_pcd_no_total.colocacao.cargos"),
        (16, "reserva_pcd_no_total.colocacao.cargos"),
    ]
    assert [e.mensagem for e in erros] == [
        "Edital nº 20/2026, item 5.1: 0 vagas PcD no total de 11; a conta no total dá 1 vaga "
        "(5% × 11 = 0,55 → 1): o edital pode reservar mais, nunca menos",
        "Edital nº 20/2026, item 5.2: o cargo 'FIS' não está no quadro de vagas do edital "
        "(ADM, TEC, MOT)",
        "Edital nº 20/2026, item 5.2: 3 vagas PcD no cargo 'MOT', que tem 2 vagas no edital",
        "Edital nº 20/2026, item 5.2: a colocação soma 5 vagas PcD; as que o edital reserva: "
        "0 vagas",
    ]


def test_a_colocacao_que_nao_soma_a_conta_e_a_forma_errada(tmp_path: Path) -> None:
    # Sem `reservadas`, a colocação soma a conta no total (1), não 2.
    texto = MOSTARDAS + PCD_NO_TOTAL.replace("cargos = { ADM = 1 }", "cargos = { ADM = 2 }")
    (erro,) = _erros(_escrever(tmp_path, texto))
    assert erro.mensagem == (
        "Edital nº 20/2026, item 5.2: a colocação soma 2 vagas PcD; a conta no total "
        "(5% × 11 = 0,55 → 1): 1 vaga"
    )
    # A forma: sem percentual, com os cargos e a regra juntos, e uma chave desconhecida.
    texto = MOSTARDAS + PCD_NO_TOTAL.replace("percentual = 5\n", "base = 1\n").replace(
        "cargos = { ADM = 1 }", 'cargos = { ADM = 1 }\nregra = "mais_vagas"'
    )
    mensagens = [f"{e.chave}: {e.mensagem}" for e in _erros(_escrever(tmp_path, texto))]
    assert mensagens == [
        "reserva_pcd_no_total.percentual: falta esta chave obrigatória: um percentual entre 0 "
        "e 100, sem aspas (ex.: 5)",
        "reserva_pcd_no_total.base: chave desconhecida 'base' (as chaves aceitas aqui são "
        "percentual, arredondamento, teto, vagas, reservadas, colocacao, item, texto)",
        "reserva_pcd_no_total.colocacao: diga os cargos (cargos = { ADM = 1 }) ou a regra, um "
        "dos dois",
    ]
