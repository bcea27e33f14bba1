"""A consulta do candidato: posições, nomeação e, se ainda não, o que vem antes e por quê."""

from __future__ import annotations

from cotas.documentos.consulta import consultar, resumo
from cotas.documentos.fonte import FonteDocumentos


def test_nomeado_mostra_a_vaga_e_a_lista(fonte: FonteDocumentos) -> None:
    s = consultar(fonte, "20250047")
    assert s is not None and s.nomeacao is not None
    n = s.nomeacao
    assert (n.vaga, n.modalidade, n.substitui) == (3, "negros", "20250057")
    assert s.projecao is None
    assert "nomeado(a) na vaga 3 do cargo PROF-MAT" in resumo(s)


def test_ainda_nao_nomeado_conta_quem_vem_antes(fonte: FonteDocumentos) -> None:
    # AGT-ADM: 4 vagas nomeadas; 20250150 é o 4º da lista de negros e o 9º da geral.
    s = consultar(fonte, "20250150")
    assert s is not None and s.nomeacao is None
    assert [(p.lista, p.posicao) for p in s.posicoes] == [("ampla", 9), ("negros", 4)]
    assert s.projecao is not None and s.projecao.alcancado
    # Próximas vagas: 5ª PcD (5% × 5 = 0,25 → 1, teto 20% × 5 = 1), 6ª e 7ª ampla, 8ª negros.
    assert s.projecao.antes == {"pcd": 1, "ampla": 2}
    assert (s.projecao.vaga, s.projecao.lista) == (8, "negros")
    assert "A 8ª nomeação é reservada a negros" in s.projecao.razao
    assert "Antes da sua vêm 3 nomeação(ões)" in resumo(s)


def test_desistente_anulado_e_inexistente(fonte: FonteDocumentos) -> None:
    desistente = consultar(fonte, "20250057")
    assert desistente is not None and desistente.situacao == "Desistente (15/09/2025)"
    assert desistente.projecao is None and desistente.nomeacao is None
    anulado = consultar(fonte, "20250085")
    assert anulado is not None and anulado.situacao.startswith("Inscrição anulada")
    assert consultar(fonte, "00000000") is None


def test_projecao_nao_altera_o_certame(fonte: FonteDocumentos) -> None:
    antes = [n.inscricao for n in fonte.certame.nomeacoes("ENF")]
    consultar(fonte, "20250070")
    assert [n.inscricao for n in fonte.certame.nomeacoes("ENF")] == antes
